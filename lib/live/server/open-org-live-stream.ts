import 'server-only';
import { env } from '@/lib/env';
import type { OrgAccess } from '@/lib/org/org-access';
import { openLiveStream, type LiveLimits } from './open-live-stream';
import { liveBus } from './publish-change';

const SECOND = 1_000;

function limits(): LiveLimits {
  const e = env();
  return {
    perPerson: e.LIVE_STREAMS_PER_PERSON,
    perInstance: e.LIVE_STREAMS_PER_INSTANCE,
    heartbeatMs: 20 * SECOND,
    idleMs: 10 * 60 * SECOND,
    maxAgeMs: 30 * 60 * SECOND,
  };
}

/** The live stream of the organization the person opened, with this instance's limits. */
export function openOrgLiveStream(access: OrgAccess, input: { lastEventId?: string; signal?: AbortSignal }): Promise<Response> {
  return openLiveStream(liveBus(), limits(), {
    subscriber: { organizationId: access.org.id, role: access.role, userId: access.user.id },
    ...input,
  });
}
