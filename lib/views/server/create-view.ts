import 'server-only';
import type { OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { countOwnViews, insertView } from '@/lib/db/repos/saved-views';
import { AppError } from '@/lib/errors/app-error';
import type { CreateViewInput } from '@/lib/views/schemas';
import type { SavedViewView } from '../saved-views';
import { toViewView } from './list-views';

/** Each member keeps at most this many views per organization: the sidebar lists them all. */
export const VIEWS_PER_MEMBER = 50;

export async function createView(access: OrgAccess, input: CreateViewInput): Promise<{ view: SavedViewView }> {
  const db = getDb();
  if ((await countOwnViews(db, access.org.id, access.user.id)) >= VIEWS_PER_MEMBER) {
    throw new AppError('CONFLICT', `You have ${VIEWS_PER_MEMBER} saved views: delete one first.`);
  }
  const row = await insertView(db, {
    organizationId: access.org.id,
    ownerId: access.user.id,
    name: input.name,
    shared: input.shared,
    query: input.query as Record<string, string>,
  });
  return { view: toViewView(access, { ...row, ownerEmail: access.user.email }) };
}
