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
};
