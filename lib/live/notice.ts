import { can, type Permission, type Role } from '@/lib/auth/permissions';
import { isUpstreamId } from '@/lib/validations/upstream-id';

/**
 * What the live stream carries: that something changed, named by ids only. The page reads the
 * data itself through the usual routes, so a notice never holds upstream data and a person never
 * learns more from it than the route they would call tells them.
 */
export type LiveNotice =
  /** A command execution was recorded, moved state, or was confirmed by the vehicle's data. */
  | { kind: 'command'; vehicleId: string; executionId: string }
  /** A bulk job made progress or changed state. */
  | { kind: 'bulk'; jobId: string }
  /** The fleet snapshot of a vehicle took a pushed figure (a reading, its connection, a budget). */
  | { kind: 'vehicle'; vehicleId: string }
  /** A pushed event was recorded and applied (it names its vehicle when it has one). */
  | { kind: 'events'; vehicleId?: string }
  /** Someone's inbox took a notification: each member's bell reads its own count again. */
  | { kind: 'notification' }
  /** A consent link was created, mailed, or opened and settled by its owner's return. */
  | { kind: 'consent-link'; linkId: string };

export type LiveNoticeKind = LiveNotice['kind'];

/** The permission a person needs to receive each kind: the one of the route the page reads it through. */
export const NOTICE_PERMISSION: Readonly<Record<LiveNoticeKind, Permission>> = {
  command: 'commands.read',
  bulk: 'vehicles.read',
  vehicle: 'vehicles.read',
  events: 'vehicles.read',
  notification: 'org.read',
  'consent-link': 'connect.read',
};

/** A notice as published: for one organization. */
export type OrgNotice = { organizationId: string; notice: LiveNotice };

/**
 * Who holds a stream: the organization in its URL and their role in it; a program (an API
 * credential) also its scope, which is asked instead of the role it stands in for.
 */
export type LiveSubscriber = { organizationId: string; role: Role; credential?: { permissions: readonly Permission[] } };

/**
 * Kinds only a person receives: a bell's "your inbox changed" means nothing to a program, whose
 * credential acts for its creator (the creator's inbox is theirs, not the program's).
 */
const PERSON_ONLY: ReadonlySet<LiveNoticeKind> = new Set(['notification']);

/**
 * Whether a published notice reaches this subscriber: their organization only, and only kinds
 * they may read by the permission of the route that reads them: a person's role, a program's scope.
 */
export function isDeliverable(published: OrgNotice, subscriber: LiveSubscriber): boolean {
  if (published.organizationId !== subscriber.organizationId) return false;
  const kind = published.notice.kind;
  if (subscriber.credential && PERSON_ONLY.has(kind)) return false;
  // As lib/org/credential-actor.ts's accessCan (server-only; this module is the browser's too).
  const permission = NOTICE_PERMISSION[kind];
  return subscriber.credential ? subscriber.credential.permissions.includes(permission) : can(subscriber.role, permission);
}

const isId = (value: unknown): value is string => typeof value === 'string' && isUpstreamId(value);

/**
 * The notice in `value`, or undefined: the shape is checked field by field (the browser reads it
 * from the stream, the server from another instance's NOTIFY), and nothing beyond the ids is kept.
 */
export function readNotice(value: unknown): LiveNotice | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  switch (v.kind) {
    case 'command':
      return isId(v.vehicleId) && isId(v.executionId) ? { kind: 'command', vehicleId: v.vehicleId, executionId: v.executionId } : undefined;
    case 'bulk':
      return isId(v.jobId) ? { kind: 'bulk', jobId: v.jobId } : undefined;
    case 'vehicle':
      return isId(v.vehicleId) ? { kind: 'vehicle', vehicleId: v.vehicleId } : undefined;
    case 'events':
      if (v.vehicleId === undefined) return { kind: 'events' };
      return isId(v.vehicleId) ? { kind: 'events', vehicleId: v.vehicleId } : undefined;
    case 'notification':
      return { kind: 'notification' };
    case 'consent-link':
      return isId(v.linkId) ? { kind: 'consent-link', linkId: v.linkId } : undefined;
    default:
      return undefined;
  }
}
