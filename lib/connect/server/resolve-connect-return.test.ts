import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { createConsentLink, getConsentLink } from '@/lib/db/repos/consent-links';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { uuidv7 } from '@/lib/db/ids';
import { VehicleApiError } from '@/lib/vehicle-api';
import { resolveConnectReturn, type ResolveDeps } from '@/lib/connect/server/resolve-connect-return';
import { createReturnState } from '@/lib/connect/server/return-state';
import type { OrgNotice } from '@/lib/live/notice';
import { liveBus } from '@/lib/live/server/publish-change';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0007');

const HOUR = 3_600_000;
const states = createReturnState('state-secret-for-tests');
const KNOWN_ACCOUNT = 'acc_known';

function fakeApi(behaviour: 'known' | 'down' = 'known') {
  return {
    getAccount: vi.fn(async (accountId: string) => {
      if (behaviour === 'down')
        throw new VehicleApiError({ code: 'SERVER_ERROR', status: 503, endpoint: 'GET /v1/accounts/{accountId}', message: 'down' });
      if (accountId !== KNOWN_ACCOUNT)
        throw new VehicleApiError({ code: 'RESOURCE_NOT_FOUND', status: 404, endpoint: 'GET /v1/accounts/{accountId}', message: 'no' });
      return { data: { id: accountId, username: 'owner@example.com' }, status: 200, requestId: 'req-1' } as never;
    }),
  };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the landing page after consent on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const ids = { org: '', manager: '', support: '', stranger: '' };

    async function setup() {
      if (ids.org) return;
      ids.org = (
        await createOrganization(t.db, { slug: 'acme', name: 'Acme Fleet', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })
      ).id;
      const other = await createOrganization(t.db, { slug: 'other', name: 'Other', apiBaseUrl: null, clientId: 'c2', clientSecret: 's2' });
      ids.manager = (await createUser(t.db, { email: 'manager@acme.test' })).id;
      ids.support = (await createUser(t.db, { email: 'support@acme.test' })).id;
      ids.stranger = (await createUser(t.db, { email: 'stranger@other.test' })).id;
      await ensureMembership(t.db, ids.org, ids.manager, 'manager');
      await ensureMembership(t.db, ids.org, ids.support, 'support');
      await ensureMembership(t.db, other.id, ids.stranger, 'admin');
    }

    async function newLink(extra: { vin?: string; expiresAt?: Date } = {}) {
      await setup();
      const id = uuidv7();
      await createConsentLink(t.db, {
        id,
        organizationId: ids.org,
        createdBy: ids.manager,
        url: `https://consent.example/${id}`,
        scopes: ['vehicle:all'],
        locale: 'de-DE',
        expiresAt: new Date(Date.now() + HOUR),
        ...extra,
      });
      return id;
    }

    function deps(userId: string | null = null, api = fakeApi()): ResolveDeps & { api: ReturnType<typeof fakeApi> } {
      return { db: t.db, userId, ip: '203.0.113.9', apiFor: async () => api, verifyState: states.verify, api };
    }

    const settledAudit = async (linkId: string) => (await listAuditEvents(t.db, { organizationId: ids.org, targetId: linkId })).events;

    it('shows a generic page and records nothing without a valid state', async () => {
      const link = await newLink();
      const d = deps();
      for (const query of [
        { result: 'success' as const, accountId: KNOWN_ACCOUNT },
        { result: 'success' as const, accountId: KNOWN_ACCOUNT, link },
        { result: 'success' as const, accountId: KNOWN_ACCOUNT, link, state: states.sign(uuidv7()) },
        { result: 'failure' as const, link, state: 'x'.repeat(43) },
      ]) {
        expect(await resolveConnectReturn(d, query)).toEqual({
          outcome: 'unmatched',
          errorCode: null,
          organizationName: null,
          singleVehicle: false,
          member: null,
          link: null,
          face: null,
        });
      }
      expect(d.api.getAccount).not.toHaveBeenCalled();
      expect((await getConsentLink(t.db, ids.org, link))?.status).toBe('PENDING');
      expect(await settledAudit(link)).toEqual([]);
    });

    it('completes a link for an anonymous owner once the upstream confirms the account, and audits it as the owner', async () => {
      const link = await newLink();
      const view = await resolveConnectReturn(deps(), { result: 'success', accountId: KNOWN_ACCOUNT, link, state: states.sign(link) });
      expect(view).toMatchObject({
        outcome: 'connected',
        errorCode: null,
        organizationName: 'Acme Fleet',
        singleVehicle: false,
        member: null,
      });
      expect(view.link).toMatchObject({ locale: 'de-DE', scopes: ['vehicle:all'], usedBefore: false });
      expect(Date.parse(view.link!.settledAt!)).toBeGreaterThan(0);
      expect(await getConsentLink(t.db, ids.org, link)).toMatchObject({ status: 'COMPLETED', accountId: KNOWN_ACCOUNT });
      const [entry, ...rest] = await settledAudit(link);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        action: 'connect.link_settled',
        actorUserId: null,
        outcome: 'success',
        ip: '203.0.113.9',
        details: { by: 'owner', status: 'COMPLETED', accountId: KNOWN_ACCOUNT },
      });

      // Visited again with edited parameters: the recorded outcome stands, nothing new is recorded.
      const edited = await resolveConnectReturn(deps(), { result: 'failure', error: 'ACCESS_DENIED', link, state: states.sign(link) });
      expect(edited.outcome).toBe('connected');
      expect(edited.link).toMatchObject({ usedBefore: true, settledAt: view.link!.settledAt });
      expect(await getConsentLink(t.db, ids.org, link)).toMatchObject({ status: 'COMPLETED', accountId: KNOWN_ACCOUNT });
      expect(await settledAudit(link)).toHaveLength(1);
    });

    it("tells the organization's open pages that the link moved, and nothing when the return matches no link", async () => {
      const link = await newLink();
      const heard: OrgNotice[] = [];
      const { ready, unsubscribe } = liveBus().subscribe((published) => heard.push(published));
      await ready;
      try {
        await resolveConnectReturn(deps(), { result: 'success', accountId: KNOWN_ACCOUNT, link, state: states.sign(uuidv7()) });
        expect(heard).toEqual([]);
        await resolveConnectReturn(deps(), { result: 'success', accountId: KNOWN_ACCOUNT, link, state: states.sign(link) });
        expect(heard.map(({ organizationId, notice }) => ({ organizationId, notice }))).toEqual([
          { organizationId: ids.org, notice: { kind: 'consent-link', linkId: link } },
        ]);
      } finally {
        unsubscribe();
      }
    });

    it('does not attach an account the upstream does not know, nor settle while the upstream is down', async () => {
      const link = await newLink();
      const state = states.sign(link);
      expect((await resolveConnectReturn(deps(), { result: 'success', accountId: 'acc_made_up', link, state })).outcome).toBe(
        'unconfirmed',
      );
      expect(
        (await resolveConnectReturn(deps(null, fakeApi('down')), { result: 'success', accountId: KNOWN_ACCOUNT, link, state })).outcome,
      ).toBe('unconfirmed');
      expect((await getConsentLink(t.db, ids.org, link))?.status).toBe('PENDING');
      expect(await settledAudit(link)).toEqual([]);
      // Once the upstream answers, the same visit completes it.
      expect((await resolveConnectReturn(deps(), { result: 'success', accountId: KNOWN_ACCOUNT, link, state })).outcome).toBe('connected');
    });

    it('shows a failure answered after the link ran out as an expired link, and records it', async () => {
      const link = await newLink({ expiresAt: new Date(Date.now() - 1000) });
      const view = await resolveConnectReturn(deps(), { result: 'failure', link, state: states.sign(link) });
      expect(view).toMatchObject({ outcome: 'expired', link: { usedBefore: false } });
      expect(await getConsentLink(t.db, ids.org, link)).toMatchObject({ status: 'FAILED' });
      expect((await resolveConnectReturn(deps(), { result: 'failure', link, state: states.sign(link) })).outcome).toBe('expired');
    });

    it('records a reported failure with its code', async () => {
      const link = await newLink({ vin: 'WVWZZZ1JZXW000001' });
      const view = await resolveConnectReturn(deps(), { result: 'failure', error: 'ACCESS_DENIED', link, state: states.sign(link) });
      expect(view).toMatchObject({ outcome: 'failed', errorCode: 'ACCESS_DENIED', singleVehicle: true, member: null });
      expect(await getConsentLink(t.db, ids.org, link)).toMatchObject({ status: 'FAILED', errorCode: 'ACCESS_DENIED', accountId: null });
      expect((await settledAudit(link))[0]).toMatchObject({
        outcome: 'failure',
        details: { status: 'FAILED', errorCode: 'ACCESS_DENIED' },
      });
    });

    it('gives members links to the account, names them in the audit trail, and treats members of other organizations as anonymous', async () => {
      const link = await newLink();
      const state = states.sign(link);
      const asManager = await resolveConnectReturn(deps(ids.manager), { result: 'success', accountId: KNOWN_ACCOUNT, link, state });
      expect(asManager.member).toEqual({ org: 'acme', accountId: KNOWN_ACCOUNT, canConnect: true });
      expect((await settledAudit(link))[0]).toMatchObject({
        actorUserId: ids.manager,
        actorEmail: 'manager@acme.test',
        details: { by: 'member' },
      });
      expect((await resolveConnectReturn(deps(ids.support), { result: 'success', accountId: KNOWN_ACCOUNT, link, state })).member).toEqual({
        org: 'acme',
        accountId: KNOWN_ACCOUNT,
        canConnect: false,
      });
      expect(
        (await resolveConnectReturn(deps(ids.stranger), { result: 'success', accountId: KNOWN_ACCOUNT, link, state })).member,
      ).toBeNull();
    });
  });
}

describe('return state', () => {
  it('verifies only the state of the same link under the same secret', () => {
    const link = uuidv7();
    const state = states.sign(link);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(states.verify(link, state)).toBe(true);
    expect(states.verify(uuidv7(), state)).toBe(false);
    expect(createReturnState('another-secret').verify(link, state)).toBe(false);
    expect(states.verify(link, undefined)).toBe(false);
    expect(states.verify(link, state.slice(1))).toBe(false);
  });
});
