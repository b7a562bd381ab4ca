import { withOrg } from '@/lib/bff/with-org';
import { tagsSeen } from '@/lib/vehicles/server/list-tags-seen';

/** The tag autocomplete: tags seen on vehicles opened, tags added and tag filters used. */
export const GET = withOrg(async ({ org }) => ({ tags: tagsSeen(org.id) }), { permission: 'vehicles.read' });
