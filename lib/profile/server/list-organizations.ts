import 'server-only';
import { getDb } from '@/lib/db';
import { listUserOrganizations } from '@/lib/db/repos/memberships';

/** The organizations the person belongs to, with their role in each (the switcher's list; the first is where sign-in lands). */
export async function listOrganizations(userId: string): Promise<{ slug: string; name: string; role: string }[]> {
  const memberships = await listUserOrganizations(getDb(), userId);
  return memberships.map((m) => ({ slug: m.organization.slug, name: m.organization.name, role: m.role }));
}
