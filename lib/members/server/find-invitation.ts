import 'server-only';
import { getDb } from '@/lib/db';
import { findOpenInvitation } from '@/lib/db/repos/invitations';
import { hashLinkToken } from './one-time-token';

/** The open invitation an invitation link's token names; none when it is invalid, used, revoked or expired. */
export function findInvitation(token: string) {
  return findOpenInvitation(getDb(), hashLinkToken(token));
}
