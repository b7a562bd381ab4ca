import 'server-only';
import { canEditView, type Permission } from '@/lib/auth/permissions';
import { accessCan } from '@/lib/org/credential-actor';
import { permissionRefusal } from '@/lib/org/permission-refusal';
import type { OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { findView, updateViewRow, type SavedViewRow } from '@/lib/db/repos/saved-views';
import { AppError } from '@/lib/errors/app-error';
import type { UpdateViewInput } from '@/lib/views/schemas';
import type { SavedViewView } from '../saved-views';
import { toViewView } from './list-views';

/**
 * The view, if the member may change it. Another member's private view answers as missing
 * (never a hint that it exists); a visible view of someone else is refused unless an admin asks.
 */
export async function editableView(access: OrgAccess, viewId: string): Promise<SavedViewRow> {
  const row = await findView(getDb(), access.org.id, viewId);
  const may = (permission: Permission) => accessCan(access, permission);
  if (!row || (!row.shared && row.ownerId !== access.user.id && !canEditView(may, access.user.id, row.ownerId))) {
    throw new AppError('NOT_FOUND', 'No such view.');
  }
  if (!canEditView(may, access.user.id, row.ownerId)) {
    // Another's view needs views.manage; one's own, views.write (a credential acts for its creator).
    throw permissionRefusal(
      access,
      row.ownerId === access.user.id ? 'views.write' : 'views.manage',
      'Only the owner of this view or an admin may change it.',
    );
  }
  return row;
}

export async function updateView(access: OrgAccess, viewId: string, changes: UpdateViewInput): Promise<{ view: SavedViewView }> {
  const before = await editableView(access, viewId);
  const row = await updateViewRow(getDb(), access.org.id, viewId, {
    name: changes.name,
    shared: changes.shared,
    query: changes.query as Record<string, string> | undefined,
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such view.');
  return { view: toViewView(access, { ...row, ownerEmail: before.ownerEmail }) };
}
