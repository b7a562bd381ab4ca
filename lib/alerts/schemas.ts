import * as z from '@/lib/validations/zod';
import { upstreamId } from '@/lib/validations/route-params';

/** Ticking (or unticking) one resolution step of a platform alert, for the team. */
export const alertStepTickSchema = z.object({
  vehicleId: upstreamId,
  alertId: z.string().check(z.trim(), z.minLength(1, 'alertId: name the alert'), z.maxLength(300, 'alertId: at most 300 characters')),
  step: z.string().check(z.trim(), z.minLength(1, 'step: name the step'), z.maxLength(40, 'step: at most 40 characters')),
  done: z.boolean({ message: 'done: true to tick, false to untick' }),
});
export type AlertStepTickInput = z.infer<typeof alertStepTickSchema>;
