import 'server-only';
import { getDb } from '@/lib/db';
import { listPendingInvitations } from '@/lib/db/repos/invitations';
import type { OrgAccess } from '@/lib/org/org-access';

/** The organization's invitations still open. */
export async function listInvitations({ org }: Pick<OrgAccess, 'org'>) {
  return { invitations: await listPendingInvitations(getDb(), org.id) };
}
