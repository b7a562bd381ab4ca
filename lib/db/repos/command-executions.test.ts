import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import {
  getCommandExecution,
  findCommandExecutionByUpstreamId,
  listCommandExecutions,
  reconcileInterrupted,
  recordCommandOutcomeUnknown,
  recordCommandRejected,
  recordCommandRequested,
  recordCommandSent,
  updateCommandStatus,
} from './command-executions';
import { createOrganization } from './organizations';
import { createUser } from './users';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0005');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`command executions on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let orgId = '';
    let userId = '';

    const request = (vehicleId: string, command: string, args: Record<string, unknown> | null = null) =>
      recordCommandRequested(t.db, { organizationId: orgId, vehicleId, command, arguments: args, requestedBy: userId });

    it('records before and after the upstream call, then follows the status', async () => {
      orgId = (await createOrganization(t.db, { slug: 'fleet', name: 'Fleet', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
      userId = (await createUser(t.db, { email: 'driver@example.com' })).id;
      const requested = await request('veh-1', 'SET_TEMPERATURE', { driverTemperature: 21, passengerTemperature: 20.5 });
      expect(requested).toMatchObject({
        localStatus: 'REQUESTING',
        status: null,
        requestedBy: userId,
        arguments: { driverTemperature: 21, passengerTemperature: 20.5 },
      });

      const sent = await recordCommandSent(t.db, requested.id, {
        upstreamExecutionId: 'exec-1',
        status: 'PENDING',
        upstreamRequestId: 'req-1',
      });
      expect(sent).toMatchObject({ localStatus: 'SENT', status: 'PENDING', upstreamExecutionId: 'exec-1', settledAt: null });

      const executedAt = new Date('2026-11-22T10:00:00.123Z');
      const done = await updateCommandStatus(t.db, requested.id, { status: 'EXECUTED', executedAt });
      expect(done).toMatchObject({ status: 'EXECUTED', executedAt });
      expect(done?.settledAt).toBeInstanceOf(Date);

      const late = await updateCommandStatus(t.db, requested.id, { status: 'PENDING' });
      expect(late?.status).toBe('EXECUTED');
      expect((await findCommandExecutionByUpstreamId(t.db, orgId, 'exec-1'))?.id).toBe(requested.id);
    });

    it('records a refusal with its error code', async () => {
      const requested = await request('veh-2', 'UNLOCK');
      const rejected = await recordCommandRejected(t.db, requested.id, {
        errorCode: 'COMMAND_ALREADY_IN_PROGRESS',
        upstreamRequestId: 'req-2',
      });
      expect(rejected).toMatchObject({ localStatus: 'REJECTED', errorCode: 'COMMAND_ALREADY_IN_PROGRESS', status: null });
      const failed = await request('veh-2', 'LOCK');
      await recordCommandSent(t.db, failed.id, { upstreamExecutionId: 'exec-3', status: 'PENDING' });
      await updateCommandStatus(t.db, failed.id, { status: 'FAILED', failedReason: 'VEHICLE_OFFLINE' });
    });

    it('lists newest first with filters and keyset paging', async () => {
      const all = await listCommandExecutions(t.db, { organizationId: orgId });
      expect(all.map((e) => e.command)).toEqual(['LOCK', 'UNLOCK', 'SET_TEMPERATURE']);
      expect((await listCommandExecutions(t.db, { organizationId: orgId, vehicleId: 'veh-2' })).map((e) => e.command)).toEqual([
        'LOCK',
        'UNLOCK',
      ]);
      expect((await listCommandExecutions(t.db, { organizationId: orgId, status: ['FAILED'] })).map((e) => e.failedReason)).toEqual([
        'VEHICLE_OFFLINE',
      ]);
      expect((await listCommandExecutions(t.db, { organizationId: orgId, command: 'UNLOCK' })).length).toBe(1);
      expect((await listCommandExecutions(t.db, { organizationId: orgId, requestedBy: userId })).length).toBe(3);
      expect((await listCommandExecutions(t.db, { organizationId: orgId, localStatus: ['REJECTED'] })).map((e) => e.command)).toEqual([
        'UNLOCK',
      ]);
      expect(await listCommandExecutions(t.db, { organizationId: orgId, from: new Date(Date.now() + 60_000) })).toEqual([]);
      const first = await listCommandExecutions(t.db, { organizationId: orgId, limit: 2 });
      const next = await listCommandExecutions(t.db, { organizationId: orgId, limit: 2, before: first[1] });
      expect([...first, ...next].map((e) => e.command)).toEqual(['LOCK', 'UNLOCK', 'SET_TEMPERATURE']);
      const other = (await createOrganization(t.db, { slug: 'other', name: 'Other', apiBaseUrl: null, clientId: 'c', clientSecret: 's' }))
        .id;
      expect(await listCommandExecutions(t.db, { organizationId: other })).toEqual([]);
      expect(await getCommandExecution(t.db, other, first[0].id)).toBeUndefined();
    });

    it('a record written before a crash survives it and is marked UNKNOWN, never dropped', async () => {
      const inFlight = await request('veh-9', 'OPEN_TRUNK');
      // The process dies here, before recordCommandSent; a new process opens the same data.
      const db = await t.database.reopen();
      const reconciled = await reconcileInterrupted(db);
      expect(reconciled).toBe(1);
      const after = await getCommandExecution(db, orgId, inFlight.id);
      expect(after).toMatchObject({ localStatus: 'UNKNOWN', errorCode: 'INTERRUPTED', command: 'OPEN_TRUNK', requestedBy: userId });
      expect((await listCommandExecutions(db, { organizationId: orgId })).length).toBe(4);
      expect(await reconcileInterrupted(db)).toBe(0);
    });

    it('leaves a call another instance may still be making alone when given a cut-off', async () => {
      const recent = await request('veh-10', 'HONK');
      expect(await reconcileInterrupted(t.db, { before: new Date(Date.now() - 60_000) })).toBe(0);
      expect((await getCommandExecution(t.db, orgId, recent.id))?.localStatus).toBe('REQUESTING');
    });

    it('never moves an accepted command backwards: a later refusal or unknown write leaves it SENT with its id', async () => {
      const accepted = await request('veh-11', 'LOCK');
      await recordCommandSent(t.db, accepted.id, { upstreamExecutionId: 'exec-11', status: 'PENDING' });
      const refused = await recordCommandRejected(t.db, accepted.id, { errorCode: 'INTERNAL' });
      expect(refused).toMatchObject({ localStatus: 'SENT', upstreamExecutionId: 'exec-11', errorCode: null });
      const unknown = await recordCommandOutcomeUnknown(t.db, accepted.id, { errorCode: 'TIMEOUT' });
      expect(unknown).toMatchObject({ localStatus: 'SENT', upstreamExecutionId: 'exec-11', status: 'PENDING' });
      // An interrupted record whose answer turns up after all moves forward to SENT.
      const interrupted = await request('veh-11', 'UNLOCK');
      await recordCommandOutcomeUnknown(t.db, interrupted.id, { errorCode: 'INTERRUPTED' });
      const recovered = await recordCommandSent(t.db, interrupted.id, { upstreamExecutionId: 'exec-12', status: 'EXECUTED' });
      expect(recovered).toMatchObject({ localStatus: 'SENT', upstreamExecutionId: 'exec-12', status: 'EXECUTED', errorCode: null });
    });
  });
}
