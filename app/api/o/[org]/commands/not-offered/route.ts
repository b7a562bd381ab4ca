import { withOrg } from '@/lib/bff/with-org';
import { listUnofferedCommandsOf } from '@/lib/commands/server/list-unoffered-commands';

/** The commands this organization's service answered it does not offer (learned from a framework 404). */
export const GET = withOrg(({ org }) => listUnofferedCommandsOf(org), { permission: 'commands.read' });
