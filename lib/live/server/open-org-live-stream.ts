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

/**
 * The live stream of the organization the person (or program) opened, with this instance's
 * limits. An API credential's stream carries the kinds its scope may read, never a person's
 * inbox notices, and counts against its own per-person limit, not its creator's.
 */
export function openOrgLiveStream(
  access: Pick<OrgAccess, 'org' | 'role' | 'user' | 'credential'>,
  input: { lastEventId?: string; signal?: AbortSignal },
): Promise<Response> {
  const { credential } = access;
  return openLiveStream(liveBus(), limits(), {
    subscriber: {
      organizationId: access.org.id,
      role: access.role,
      credential,
      userId: credential ? `credential:${credential.id}` : access.user.id,
    },
    ...input,
  });
}
