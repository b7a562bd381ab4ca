import { describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { scheduleAudit, scheduleRecipients } from '@/lib/reports/server/report-schedules.test-support';

/**
 * The scheduled report routes as a program calls them: reports.read lists, reports.write (managers
 * and admins) schedules and removes, support reads only; inputs refused naming the field;
 * creation and removal audited.
 */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const schedules = await import('./route');
const schedule = await import('./[scheduleId]/route');

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve({ org: 'sched', ...params }) });
const url = (path = '') => `${CONSOLE_URL}/api/o/sched/reports/schedules${path}`;

describe('scheduling a report, as a manager’s credential', () => {
  const credential = useScopedCredential('sched', (d) => (state.db = d), ROLE_PERMISSIONS.manager);

  it('schedules to members, lists, refuses bad input naming the field, removes, and audits both', async () => {
    const { admin, outsider, support } = await scheduleRecipients(state.db, credential.organizationId());
    const post = (body: unknown) => schedules.POST(bearerRequest(url(), credential.secret(), { method: 'POST', body }), context());

    const created = await post({ frequency: 'monthly', recipientIds: [admin.userId, support.id], tagKey: 'depot', tagValue: 'north' });
    expect(created.status).toBe(200);
    const { schedule: view } = await created.json();
    expect(view).toMatchObject({
      frequency: 'monthly',
      scope: { type: 'tag', key: 'depot', value: 'north' },
      recipients: [
        { userId: admin.userId, email: admin.email },
        { userId: support.id, email: support.email },
      ],
    });
    expect(new Date(view.nextRunAt).getUTCDate()).toBe(1);

    for (const [body, path, message] of [
      [{ frequency: 'daily', recipientIds: [admin.userId] }, 'frequency', 'Choose how often: weekly or monthly'],
      [{ frequency: 'weekly', recipientIds: [] }, 'recipientIds', 'Choose at least one recipient'],
      [{ frequency: 'weekly', recipientIds: ['nobody'] }, 'recipientIds[0]', 'Choose members of the organization'],
      [{ frequency: 'weekly', recipientIds: [outsider.id] }, 'recipientIds', 'Choose members of the organization'],
      [{ frequency: 'weekly', recipientIds: [admin.userId], tagKey: 'depot' }, 'tagValue', 'Enter the tag value'],
      [{ frequency: 'weekly', recipientIds: [admin.userId], view: '00000000-0000-4000-8000-000000000000' }, 'view', 'Choose a saved view'],
    ] as const) {
      const refused = await post(body);
      expect(refused.status, path).toBe(400);
      expect((await refused.json()).error.fields, path).toEqual([expect.objectContaining({ path, message })]);
    }

    const listed = await schedules.GET(bearerRequest(url(), credential.secret()), context());
    expect((await listed.json()).schedules.map((s: { id: string }) => s.id)).toEqual([view.id]);

    const removed = await schedule.DELETE(
      bearerRequest(url(`/${view.id}`), credential.secret(), { method: 'DELETE' }),
      context({ scheduleId: view.id }),
    );
    expect(removed.status).toBe(200);
    const again = await schedule.DELETE(
      bearerRequest(url(`/${view.id}`), credential.secret(), { method: 'DELETE' }),
      context({ scheduleId: view.id }),
    );
    expect(again.status).toBe(404);
    expect((await (await schedules.GET(bearerRequest(url(), credential.secret()), context())).json()).schedules).toEqual([]);

    const entries = await scheduleAudit(state.db, credential.organizationId());
    expect(entries.filter((e) => e.outcome === 'success')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'reports.schedule_created',
          targetId: view.id,
          details: expect.objectContaining({ frequency: 'monthly', recipients: 2 }),
        }),
        expect.objectContaining({
          action: 'reports.schedule_deleted',
          targetId: view.id,
          details: expect.objectContaining({ frequency: 'monthly', recipients: 2 }),
        }),
      ]),
    );
  });
});

describe('scheduled reports, as support (read-only)', () => {
  const credential = useScopedCredential('sched', (d) => (state.db = d), ROLE_PERMISSIONS.support);

  it('lists the schedules but may neither schedule nor remove one', async () => {
    const listed = await schedules.GET(bearerRequest(url(), credential.secret()), context());
    expect(listed.status).toBe(200);
    const { admin } = await scheduleRecipients(state.db, credential.organizationId());
    const create = await schedules.POST(
      bearerRequest(url(), credential.secret(), { method: 'POST', body: { frequency: 'weekly', recipientIds: [admin.userId] } }),
      context(),
    );
    expect(create.status).toBe(403);
    const id = '00000000-0000-4000-8000-000000000000';
    const remove = await schedule.DELETE(
      bearerRequest(url(`/${id}`), credential.secret(), { method: 'DELETE' }),
      context({ scheduleId: id }),
    );
    expect(remove.status).toBe(403);
  });
});
