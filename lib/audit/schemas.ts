import * as z from '@/lib/validations/zod';
import { optionalDateTime } from '@/lib/validations/date-time';

const optionalText = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(200))),
  z.transform((v) => (v ? v : undefined)),
);

export const auditQuerySchema = z.object({
  actor: optionalText,
  action: optionalText,
  target: optionalText,
  from: optionalDateTime,
  to: optionalDateTime,
  cursor: optionalText,
  limit: z._default(z.optional(z.coerceNumber().check(z.int(), z.gte(1), z.lte(200))), 50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
