// Apart from explain.ts (its texts): the Connect page's URL state needs the statuses in its first load, not the texts.

/** The statuses a consent link is shown with, and the list filtered by. */
export const CONSENT_LINK_FILTERS = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type LinkDisplayStatus = (typeof CONSENT_LINK_FILTERS)[number];
