import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, SubmitButton } from './button';

describe('SubmitButton', () => {
  it('renders the submit Button a form wrote by hand, pending or not', () => {
    for (const pending of [false, true]) {
      expect(
        renderToStaticMarkup(
          <SubmitButton size="sm" className="mt-1" pending={pending} pendingLabel="Saving…">
            Save plate
          </SubmitButton>,
        ),
      ).toBe(
        renderToStaticMarkup(
          <Button type="submit" size="sm" className="mt-1" disabled={pending}>
            {pending ? 'Saving…' : 'Save plate'}
          </Button>,
        ),
      );
    }
  });
});
