import { withOrg } from '@/lib/bff/with-org';
import { liveHeadersSchema, liveQuerySchema } from '@/lib/live/schemas';
import { openOrgLiveStream } from '@/lib/live/server/open-org-live-stream';

/** The organization's change notices this person may read, as server-sent events (one stream per open console tab). */
export const GET = withOrg(
  ({ user, org, role, credential, request, headers, query }) =>
    openOrgLiveStream(
      { user, org, role, credential },
      { lastEventId: headers['last-event-id'] ?? query.lastEventId, signal: request.signal },
    ),
  { permission: 'org.read', headers: liveHeadersSchema, query: liveQuerySchema },
);
