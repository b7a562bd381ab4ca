// Apart from explain.ts (its texts): the Connect page's URL state and the links' polling need the
// statuses in its first load, not the texts.

/** The statuses a consent link is shown with, and the list filtered by. */
export const CONSENT_LINK_FILTERS = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type LinkDisplayStatus = (typeof CONSENT_LINK_FILTERS)[number];

/** The stored status, with a pending link past its expiry shown as expired the moment it passes. */
export function displayStatus(link: { status: string; expiresAt: string }, now: number): LinkDisplayStatus {
  if (link.status === 'PENDING' && Date.parse(link.expiresAt) <= now) return 'EXPIRED';
  return link.status as LinkDisplayStatus;
}
