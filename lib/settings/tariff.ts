import * as z from '@/lib/validations/zod';

/**
 * An organization's charging tariff as the form and the route take it: a price per kWh from the
 * grid, optionally other prices in bands of the local day, a currency (ISO 4217) and the time zone
 * (IANA) the bands are read in. Shared by the settings form and `PUT /api/o/{org}/settings/tariff`.
 */

export const MAX_TARIFF_BANDS = 12;
const MAX_PRICE = 100;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A code of three letters ISO 4217 lists (any other shape is the pattern's mistake, reported once). */
const isCurrency = (code: string) => {
  if (!/^[A-Z]{3}$/.test(code)) return true;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return true;
  }
};

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

const priceSchema = z
  .number({ message: 'Enter a price per kWh' })
  .check(z.gte(0, 'A price is 0 or more'), z.lte(MAX_PRICE, `A price is at most ${MAX_PRICE} per kWh`));

const timeSchema = z.string({ message: 'Enter a time as HH:MM' }).check(z.trim(), z.regex(TIME, 'Enter a time as HH:MM (00:00 to 23:59)'));

export const tariffBandSchema = z.object({ start: timeSchema, end: timeSchema, pricePerKwh: priceSchema });

/** Minutes of the day a time `HH:MM` stands for. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minutes of the day a band covers, as [start, end) pieces within one day. */
function pieces(band: { start: string; end: string }): [number, number][] {
  const start = minutesOf(band.start);
  const end = minutesOf(band.end);
  return start < end
    ? [[start, end]]
    : [
        [start, 24 * 60],
        [0, end],
      ];
}

export const tariffSchema = z
  .object({
    currency: z
      .string({ message: 'Enter a currency code' })
      .check(
        z.trim(),
        z.toUpperCase(),
        z.regex(/^[A-Z]{3}$/, 'Enter a three-letter ISO 4217 code, such as EUR'),
        z.refine(isCurrency, 'Not an ISO 4217 currency code'),
      ),
    timeZone: z
      .string({ message: 'Choose a time zone' })
      .check(z.trim(), z.minLength(1, 'Choose a time zone'), z.refine(isTimeZone, 'Not a time zone (such as Europe/Berlin)')),
    pricePerKwh: priceSchema,
    bands: z._default(z.array(tariffBandSchema).check(z.maxLength(MAX_TARIFF_BANDS, `At most ${MAX_TARIFF_BANDS} bands`)), []),
  })
  .check(
    z.superRefine((value, ctx) => {
      value.bands.forEach((band, i) => {
        if (band.start === band.end)
          ctx.addIssue({ code: 'custom', path: ['bands', i, 'end'], message: 'A band ends at another time than it starts' });
      });
      // Bands must not overlap: a moment of the day has one price.
      value.bands.forEach((band, i) => {
        if (band.start === band.end) return;
        const overlaps = value.bands
          .slice(0, i)
          .some((other) => other.start !== other.end && pieces(band).some(([s, e]) => pieces(other).some(([os, oe]) => s < oe && os < e)));
        if (overlaps) ctx.addIssue({ code: 'custom', path: ['bands', i, 'start'], message: 'This band overlaps an earlier one' });
      });
    }),
  );
export type TariffInput = z.input<typeof tariffSchema>;
export type Tariff = z.output<typeof tariffSchema>;

/** The tariff as the settings route returns it. */
export type TariffView = Tariff & { updatedAt: string };
