import { createParser, parseAsNumberLiteral } from 'nuqs';
import { PAGE_SIZES } from '@/components/ui/page-sizes';
import { instantOfWallClock, isDayKey } from '@/lib/format/wall-clock';

/**
 * Typed URL parameters shared by the lists that keep their state in the URL through nuqs. A value
 * a parser refuses reads as the parameter's default, so a hand-edited or stale link never breaks
 * a page.
 */

/** A string kept only when `accept` says so (an id of the right shape, a value of a known set). */
export const parseAsStringWhere = (accept: (value: string) => boolean) =>
  createParser<string>({ parse: (value) => (accept(value) ? value : null), serialize: (value) => value });

/** A numbered page: counted from 1 in the URL, from 0 in the state; anything but a positive integer is the first page. */
const parseAsPageIndex = createParser<number>({
  parse: (value) => {
    const page = Number.parseInt(value, 10);
    return Number.isFinite(page) && page > 0 ? page - 1 : null;
  },
  serialize: (index) => String(index + 1),
});

/** The page and size of a numbered list (the first page and the smallest size left out of the URL). */
export const numberedPagingParams = {
  page: parseAsPageIndex.withDefault(0),
  size: parseAsNumberLiteral(PAGE_SIZES).withDefault(PAGE_SIZES[0]),
};

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const parseAsDayKey = parseAsStringWhere(isDayKey);

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A wall-clock date and time as a `datetime-local` input writes it (`2026-11-24T17:02`), with no
 * zone: the page reads it in the person's time zone. A date or time that does not exist is refused.
 */
export const parseAsLocalDateTime = parseAsStringWhere((value) => {
  if (!LOCAL_DATE_TIME.test(value) || !isDayKey(value.slice(0, 10))) return false;
  const [hour, minute, second = 0] = value.slice(11).split(':').map(Number);
  return hour < 24 && minute < 60 && second < 60;
});

/** A `parseAsLocalDateTime` value as the instant it names in `zone` (ISO), for an API; none when empty. */
export const instantOfLocal = (local: string, zone: string): string | undefined =>
  local ? instantOfWallClock(local, zone).toISOString() : undefined;
