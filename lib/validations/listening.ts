import * as z from './zod';

export const listeningBodySchema = z.strictObject({ isListening: z.boolean({ message: 'isListening must be true or false' }) });
