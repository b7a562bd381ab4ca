import { describe, expect, it } from 'vitest';
import { checkLogo, MAX_LOGO_BYTES, sniffLogoType } from './logo-check';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new TextEncoder().encode('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ');
const text = (s: string) => new TextEncoder().encode(s);

describe('the logo check', () => {
  it('takes PNG, JPEG and WebP by their first bytes', () => {
    expect(checkLogo(PNG)).toEqual({ ok: true, type: 'image/png' });
    expect(checkLogo(JPEG)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkLogo(WEBP)).toEqual({ ok: true, type: 'image/webp' });
  });

  it('refuses a file of another type whatever it is called', () => {
    expect(checkLogo(text('GIF89a....'))).toEqual({ ok: false, problem: 'The logo must be a PNG, JPEG or WebP image.' });
    expect(checkLogo(text('%PDF-1.7'))).toMatchObject({ ok: false });
    expect(checkLogo(text('RIFF\u0010\u0000\u0000\u0000WAVEfmt '))).toMatchObject({ ok: false });
    expect(sniffLogoType(PNG.subarray(0, 7))).toBeNull();
  });

  it('refuses an oversized file, even a real PNG', () => {
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set(PNG);
    expect(checkLogo(big)).toEqual({ ok: false, problem: 'The logo is larger than 256 KB. Upload a smaller image.' });
    const atLimit = new Uint8Array(MAX_LOGO_BYTES);
    atLimit.set(PNG);
    expect(checkLogo(atLimit)).toEqual({ ok: true, type: 'image/png' });
  });

  it('refuses SVG, with or without a script, an XML prolog or a byte-order mark', () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '\uFEFF  <?xml version="1.0"?><svg onload="alert(1)"/>',
      '<!-- logo --><svg><rect/></svg>',
    ]) {
      expect(checkLogo(text(svg))).toEqual({
        ok: false,
        problem: 'SVG logos are not accepted, as they can carry scripts. Upload a PNG, JPEG or WebP image.',
      });
    }
    expect(checkLogo(new Uint8Array())).toMatchObject({ ok: false, problem: 'The logo file is empty.' });
  });
});
