import 'server-only';
import type { OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { deleteViewRow } from '@/lib/db/repos/saved-views';
import { AppError } from '@/lib/errors/app-error';
import { editableView } from './update-view';

export async function deleteView(access: OrgAccess, viewId: string): Promise<{ deleted: true; name: string }> {
  const view = await editableView(access, viewId);
  if (!(await deleteViewRow(getDb(), access.org.id, viewId))) throw new AppError('NOT_FOUND', 'No such view.');
  return { deleted: true, name: view.name };
}
