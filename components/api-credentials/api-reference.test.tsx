import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_STATUS } from '@/lib/errors/app-error';
import { documentedErrorCodes } from '@/lib/errors/error-codes';
import { ApiReference } from './api-reference';

describe('the API reference page', () => {
  it('lists every error code of the map with its status and meaning', () => {
    const html = renderToStaticMarkup(<ApiReference org="demo" operations={[]} errorCodes={documentedErrorCodes()} />);
    const missing = Object.entries(APP_ERROR_STATUS).filter(([code, status]) => {
      const row = new RegExp(
        `<tr id="error-${code}"><td[^>]*><code[^>]*>${code}</code></td><td[^>]*>${status}</td><td[^>]*>[^<]{10,}</td></tr>`,
      );
      return !row.test(html);
    });
    expect(missing).toEqual([]);
  });
});
