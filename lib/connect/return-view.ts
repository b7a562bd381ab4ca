import type { OwnerFaceView } from '@/lib/connect/owner-face';

/** What the landing page after consent shows (lib/connect/server/resolve-connect-return.ts decides it). */
export type ReturnOutcome = 'connected' | 'failed' | 'expired' | 'unconfirmed' | 'unmatched';

/** What the owner is told about the link itself: its language, what it asked for, when it ran out or was answered. */
export type ReturnLinkView = {
  locale: string | null;
  scopes: string[];
  expiresAt: string;
  settledAt: string | null;
  /** The link had been answered before this visit: the page shows that earlier answer. */
  usedBefore: boolean;
};

export type ReturnView = {
  outcome: ReturnOutcome;
  /** The failure code the flow reported (validated upper-case code), or the one recorded. */
  errorCode: string | null;
  organizationName: string | null;
  /** True for the single-vehicle (VIN) flow: "your vehicle" rather than "your vehicles". */
  singleVehicle: boolean;
  member: { org: string; accountId: string | null; canConnect: boolean } | null;
  link: ReturnLinkView | null;
  /** The organization as its admins present it to owners; null on an unmatched visit. */
  face: OwnerFaceView | null;
};
