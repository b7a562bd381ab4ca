/** The logo owners see: small, and only the raster types a browser shows without running anything. */
export const MAX_LOGO_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes, whatever its name or declared type say. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** SVG (or any XML) is refused outright: it can carry scripts and links. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') || head.includes('<svg');
}

export type LogoCheck = { ok: true; type: LogoType } | { ok: false; problem: string };

export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, problem: 'The logo file is empty.' };
  if (bytes.length > MAX_LOGO_BYTES)
    return { ok: false, problem: `The logo is larger than ${MAX_LOGO_BYTES / 1024} KB. Upload a smaller image.` };
  if (looksLikeMarkup(bytes))
    return { ok: false, problem: 'SVG logos are not accepted, as they can carry scripts. Upload a PNG, JPEG or WebP image.' };
  const type = sniffLogoType(bytes);
  if (!type) return { ok: false, problem: 'The logo must be a PNG, JPEG or WebP image.' };
  return { ok: true, type };
}
