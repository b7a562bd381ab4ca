/** A command the organization's service said it does not offer, as the browser receives it. */
export type UnofferedCommandView = { command: string; vehicleId: string; upstreamRequestId: string | null; learnedAt: string };
