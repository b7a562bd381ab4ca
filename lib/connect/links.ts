import type { LinkDisplayStatus } from './link-filters';

/** What the browser sees of a kept consent link. */
export type ConsentLinkView = {
  id: string;
  url: string;
  mode: 'account' | 'vehicle';
  scopes: string[];
  makes: string[];
  region: string | null;
  locale: string | null;
  countryCode: string | null;
  vin: string | null;
  model: string | null;
  modelYear: number | null;
  status: LinkDisplayStatus;
  accountId: string | null;
  errorCode: string | null;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  createdBy: string | null;
  /** The owner's address the link was last e-mailed to, and when. */
  mailedTo: string | null;
  mailedAt: string | null;
  /** When the owner first came back to the landing page. */
  firstOpenedAt: string | null;
  /** A reconnection: the account whose connection this link renews (null for a first connection). */
  reconnectsAccountId: string | null;
};
