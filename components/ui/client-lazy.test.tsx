import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clientLazy } from './client-lazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('clientLazy', () => {
  it('draws its placeholder on the server, without loading the component', () => {
    let loaded = false;
    const Panel = clientLazy(
      async () => {
        loaded = true;
        return Greeting;
      },
      () => <p role="status">Loading the panel…</p>,
    );
    expect(renderToStaticMarkup(<Panel name="Ada" />)).toBe('<p role="status">Loading the panel…</p>');
    expect(loaded).toBe(false);
  });

  it('draws nothing there without a placeholder', () => {
    const Panel = clientLazy(async () => Greeting);
    expect(renderToStaticMarkup(<Panel name="Ada" />)).toBe('');
  });
});
