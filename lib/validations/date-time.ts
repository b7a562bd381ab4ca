import * as z from './zod';
import { addTransformIssue } from './zod';

/** An optional date-time from a query string; a value that is not one is refused by name. */
export const optionalDateTime = z.pipe(
  z.optional(z.string()),
  z.transform((v, ctx) => {
    if (!v) return undefined;
    const date = new Date(v);
    if (Number.isNaN(date.getTime())) {
      addTransformIssue(ctx, 'Enter a valid date and time');
      return z.NEVER;
    }
    return date;
  }),
);
