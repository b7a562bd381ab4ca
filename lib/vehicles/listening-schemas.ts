import * as z from '@/lib/validations/zod';

export const listeningBodySchema = z.strictObject({ isListening: z.boolean({ message: 'isListening must be true or false' }) });
