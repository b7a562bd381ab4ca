import { describe, expect, it } from 'vitest';
import * as stored from '@/lib/db/schema/notifications';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@/lib/notifications/kinds';

// The browser-safe lists repeat the schema's, which the database's check constraints are built from.
describe('notification kinds and channels', () => {
  it('are the ones the database accepts', () => {
    expect([...NOTIFICATION_KINDS]).toEqual([...stored.NOTIFICATION_KINDS]);
    expect([...NOTIFICATION_CHANNELS]).toEqual([...stored.NOTIFICATION_CHANNELS]);
  });
});
