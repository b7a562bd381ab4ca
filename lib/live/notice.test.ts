import { describe, expect, it } from 'vitest';
import { can, ROLES } from '@/lib/auth/permissions';
import { isDeliverable, NOTICE_PERMISSION, readNotice, type LiveNotice } from './notice';

const NOTICES: LiveNotice[] = [
  { kind: 'command', vehicleId: 'veh-1', executionId: '7f0e4a53-3c55-4c1f-9d0b-6a0c1b7f2e11' },
  { kind: 'bulk', jobId: '0b0e4a53-3c55-4c1f-9d0b-6a0c1b7f2e11' },
  { kind: 'vehicle', vehicleId: 'veh-1' },
  { kind: 'events', vehicleId: 'veh-1' },
  { kind: 'events' },
  { kind: 'notification' },
  { kind: 'consent-link', linkId: '5c1e4a53-3c55-4c1f-9d0b-6a0c1b7f2e11' },
];

describe('isDeliverable', () => {
  it('never hands a notice of one organization to a stream of another, whatever the role', () => {
    for (const role of ROLES)
      for (const notice of NOTICES)
        expect(isDeliverable({ organizationId: 'org-b', notice }, { organizationId: 'org-a', role })).toBe(false);
  });

  it('hands each kind only to a role holding the permission of the route that reads it', () => {
    for (const role of ROLES)
      for (const notice of NOTICES) {
        expect(isDeliverable({ organizationId: 'org-a', notice }, { organizationId: 'org-a', role }), `${role} ${notice.kind}`).toBe(
          can(role, NOTICE_PERMISSION[notice.kind]),
        );
      }
  });

  it('asks support only for read permissions, so a support member receives no notice about what only a writer sees', () => {
    for (const permission of Object.values(NOTICE_PERMISSION)) expect(permission).toMatch(/\.read$/);
    for (const notice of NOTICES)
      expect(isDeliverable({ organizationId: 'o', notice }, { organizationId: 'o', role: 'support' })).toBe(true);
  });
});

describe('readNotice', () => {
  it('keeps the ids of a known kind and nothing else', () => {
    expect(readNotice({ kind: 'vehicle', vehicleId: 'veh-1', stateOfCharge: 12, vin: 'X' })).toEqual({
      kind: 'vehicle',
      vehicleId: 'veh-1',
    });
    expect(readNotice({ kind: 'bulk', jobId: 'job-1', total: 4 })).toEqual({ kind: 'bulk', jobId: 'job-1' });
    expect(readNotice({ kind: 'events', vehicleId: 'veh-1', type: 'device.telemetry' })).toEqual({ kind: 'events', vehicleId: 'veh-1' });
    expect(readNotice({ kind: 'events', type: 'motorpool.test' })).toEqual({ kind: 'events' });
    // Whose inbox took what stays on the server: every member's bell reads its own count.
    expect(readNotice({ kind: 'notification', userId: 'u-1', title: 'Lock failed' })).toEqual({ kind: 'notification' });
    // A link's owner and address stay on the server: the page reads the link through its route.
    expect(readNotice({ kind: 'consent-link', linkId: 'link-1', url: 'https://consent.example/x', vin: 'V' })).toEqual({
      kind: 'consent-link',
      linkId: 'link-1',
    });
  });

  it.each([
    ['an unknown kind', { kind: 'telemetry', vehicleId: 'veh-1' }],
    ['a missing id', { kind: 'command', vehicleId: 'veh-1' }],
    ['an id that could be markup', { kind: 'vehicle', vehicleId: '<img src=x>' }],
    ['an id that could be a path', { kind: 'vehicle', vehicleId: '../admin' }],
    ['an events notice whose vehicle could be markup', { kind: 'events', vehicleId: '<b>' }],
    ['an events notice whose vehicle is not a string', { kind: 'events', vehicleId: 7 }],
    ['a consent-link notice without its link', { kind: 'consent-link' }],
    ['a consent-link notice whose link could be a path', { kind: 'consent-link', linkId: '../members' }],
    ['not an object', 'command'],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(readNotice(value)).toBeUndefined();
  });
});
