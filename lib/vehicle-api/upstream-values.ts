/**
 * The lenient reading of the upstream's loose values: figures it sends as decimal strings, and
 * timestamps. Pure and browser-safe; what does not read is handed back for the caller to keep.
 */

/** A decimal number as text (`12.5`, `-3`, `.5`, `1e3`); hex, binary and octal spellings are not figures. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A figure the vendor sent as a decimal string becomes that number; anything else comes back as it came. */
export function upstreamNumber<T>(value: T): number | T {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return value;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : value;
}

/**
 * Years a stored timestamp comes back as written: four digits, as ISO writes them. PostgreSQL refuses
 * years past 9999 and before 1 in the ISO form JavaScript writes, and PGlite reads 0001–0099 back as 19xx/20xx.
 */
const FIRST_YEAR = 1000;
const LAST_YEAR = 9999;
/** An ISO date first: `Date.parse` alone also reads `"1"` as 2001 and `"Nov 1"` as a date. */
const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

/** An upstream timestamp as a date, or null when it is none (or one no database keeps as written). */
export function upstreamDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!ISO_DATE_START.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  const date = new Date(at);
  const year = date.getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR ? date : null;
}
