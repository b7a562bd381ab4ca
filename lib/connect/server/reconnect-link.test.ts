import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { connectingLinkOf } from '@/lib/db/repos/account-consent';
import { getConsentLink } from '@/lib/db/repos/consent-links';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { createSandbox } from '@/lib/sandbox';
import { createMemoryTokenStore, createVehicleApi } from '@/lib/vehicle-api';
import { connectLinkSchema } from '@/lib/connect/schemas';
import { createAndMailConnectLink } from './create-connect-link';
import { resolveConnectReturn } from './resolve-connect-return';
import { returnState } from './return-state';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0031');
vi.stubEnv('APP_URL', 'https://motorpool.example');

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => inbox?.close());

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`reconnecting an account on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const sandbox = createSandbox({ vehiclesPerOrg: 5 });
    const upstream = sandbox.organizations[0];
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.test',
      fetch: sandbox.fetch,
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      tokenStore: createMemoryTokenStore(),
      logger: () => {},
    });
    const mailer = () => ({ transport: nodemailer.createTransport(inbox.smtpUrl), from: 'Motorpool <noreply@motorpool.test>' });

    /** The owner approves on the sandbox's consent page and comes back to the landing page, which settles the link. */
    async function ownerApproves(url: string) {
      const answer = await sandbox.handle(
        new Request(`http://sandbox.test${new URL(url).pathname}`, {
          method: 'POST',
          body: 'decision=approve',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      const back = new URL(answer.headers.get('location')!);
      const query = Object.fromEntries(back.searchParams) as Record<string, string>;
      return resolveConnectReturn(
        { db: t.db, userId: null, ip: null, apiFor: async () => api, verifyState: returnState().verify },
        query as never,
      );
    }

    it('records the link that connected an account, and a reconnection made from it keeps its values, is mailed in one step and completes', async () => {
      const org = await createOrganization(t.db, {
        slug: `re-${leg.kind}`,
        name: 'Acme Fleet',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const user = await createUser(t.db, { email: `manager-${leg.kind}@acme.test` });
      const who = { organization: { id: org.id, name: org.name }, user: { id: user.id, email: user.email } };
      const first = await createAndMailConnectLink(t.db, api, undefined, {
        ...who,
        request: connectLinkSchema.parse({
          mode: 'account',
          makes: ['Kia'],
          scopes: ['vehicle:telemetry', 'vehicle:commands'],
          region: 'NORTH_AMERICA',
          locale: 'de-DE',
        }),
      });
      expect(await ownerApproves(first.link.url)).toMatchObject({ outcome: 'connected' });
      const { accountId } = (await getConsentLink(t.db, org.id, first.link.id))!;
      expect(accountId).toBeTruthy();
      // The link → account record: what connected this account.
      expect(await connectingLinkOf(t.db, org.id, accountId!)).toMatchObject({
        id: first.link.id,
        makes: ['KIA'],
        region: 'NORTH_AMERICA',
        scopes: ['vehicle:telemetry', 'vehicle:commands'],
        locale: 'de-DE',
      });

      const to = `halter-${leg.kind}@example.de`;
      const renewed = await createAndMailConnectLink(t.db, api, mailer(), {
        ...who,
        request: connectLinkSchema.parse({
          mode: 'account',
          makes: ['Kia'],
          scopes: ['vehicle:telemetry', 'vehicle:commands'],
          region: 'NORTH_AMERICA',
          locale: 'de-DE',
          reconnectsAccountId: accountId,
          mailTo: to,
        }),
      });
      expect(renewed.mailError).toBeNull();
      expect(renewed.link).toMatchObject({ reconnectsAccountId: accountId, mailedTo: to, status: 'PENDING' });
      const mail = await inbox.nextTo(to);
      expect(mail.subject).toBe('Acme Fleet: Ihr Fahrzeug verbinden');
      expect(mail.text).toContain(renewed.link.url);

      expect(await ownerApproves(renewed.link.url)).toMatchObject({ outcome: 'connected' });
      const settled = (await getConsentLink(t.db, org.id, renewed.link.id))!;
      expect(settled).toMatchObject({ status: 'COMPLETED', reconnectsAccountId: accountId });
      expect((await connectingLinkOf(t.db, org.id, settled.accountId!))?.id).toBe(renewed.link.id);
    });

    it('creates the link even when mail is not set up, and says it was not sent', async () => {
      const org = await createOrganization(t.db, {
        slug: `nomail-${leg.kind}`,
        name: 'B',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const user = await createUser(t.db, { email: `b-${leg.kind}@acme.test` });
      const result = await createAndMailConnectLink(t.db, api, undefined, {
        organization: { id: org.id, name: org.name },
        user: { id: user.id, email: user.email },
        request: connectLinkSchema.parse({
          mode: 'account',
          makes: [],
          scopes: ['vehicle:all'],
          region: 'EUROPE',
          locale: 'en-GB',
          mailTo: 'owner@example.com',
        }),
      });
      expect(result.link).toMatchObject({ status: 'PENDING', mailedTo: null });
      expect(result.mailError).toMatch(/Mail is not set up/);
    });
  });
}
