import { z } from 'zod';
import { optionalDateTime } from './date-time';

const optionalText = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));

export const auditQuerySchema = z.object({
  actor: optionalText,
  action: optionalText,
  target: optionalText,
  from: optionalDateTime,
  to: optionalDateTime,
  cursor: optionalText,
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
