import { z } from 'zod';

/** An optional date-time from a query string; a value that is not one is refused by name. */
export const optionalDateTime = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const date = new Date(v);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date and time' });
      return z.NEVER;
    }
    return date;
  });
