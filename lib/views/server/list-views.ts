import 'server-only';
import { canEditView } from '@/lib/auth/permissions';
import { accessCan } from '@/lib/org/credential-actor';
import type { OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { listVisibleViews, type SavedViewRow } from '@/lib/db/repos/saved-views';
import type { SavedViewView, ViewQuery } from '../saved-views';

export function toViewView(
  access: Pick<OrgAccess, 'user' | 'role' | 'credential'>,
  row: Omit<SavedViewRow, 'ownerEmail'> & { ownerEmail?: string | null },
): SavedViewView {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    query: row.query as ViewQuery,
    ownerEmail: row.ownerEmail ?? null,
    mine: row.ownerId === access.user.id,
    canEdit: canEditView((permission) => accessCan(access, permission), access.user.id, row.ownerId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's own views and the organization's shared ones. */
export async function listViews(access: OrgAccess): Promise<{ views: SavedViewView[] }> {
  const rows = await listVisibleViews(getDb(), access.org.id, access.user.id);
  return { views: rows.map((row) => toViewView(access, row)) };
}
