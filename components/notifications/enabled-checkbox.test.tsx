import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EnabledCheckbox } from './enabled-checkbox';

const render = (update: Parameters<typeof EnabledCheckbox>[0]['update']) =>
  renderToStaticMarkup(<EnabledCheckbox name="Night check" enabled={false} update={update} onCheckedChange={() => {}} />);

describe('EnabledCheckbox', () => {
  it('names what it switches for screen readers and shows the stored state', () => {
    const html = render({ isPending: false });
    expect(html).toContain('<span aria-hidden="true">On</span><span class="sr-only">Night check on</span>');
    expect(html).not.toContain('checked=""');
    expect(html).not.toContain('disabled=""');
  });

  it('shows what a pending update asks for, and waits for it', () => {
    const html = render({ isPending: true, variables: { changes: { enabled: true } } });
    expect(html).toContain('checked=""');
    expect(html).toContain('disabled=""');
  });

  it('keeps the stored state while an update of something else is saved', () => {
    expect(render({ isPending: true, variables: { changes: { url: 'https://example.com' } } })).not.toContain('checked=""');
  });
});
