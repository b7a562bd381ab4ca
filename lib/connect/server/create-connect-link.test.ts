import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { listConsentLinks, settleConsentLink } from '@/lib/db/repos/consent-links';
import { accountCountryOf } from '@/lib/vehicles/server/account-country';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { createSandbox } from '@/lib/sandbox';
import { createMemoryTokenStore, createVehicleApi, VehicleApiError } from '@/lib/vehicle-api';
import { connectLinkSchema } from '@/lib/connect/schemas';
import { createConnectLink } from '@/lib/connect/server/create-connect-link';
import { returnState } from '@/lib/connect/server/return-state';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0009');
vi.stubEnv('APP_URL', 'https://motorpool.example');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`creating consent links on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const sandbox = createSandbox({ vehiclesPerOrg: 20 });
    const org = sandbox.organizations[0];
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.test',
      fetch: sandbox.fetch,
      clientId: org.clientId,
      clientSecret: org.clientSecret,
      tokenStore: createMemoryTokenStore(),
      logger: () => {},
    });
    const ids = { org: '', user: '' };

    async function setup() {
      if (ids.org) return;
      ids.org = (await createOrganization(t.db, { slug: 'links', name: 'Links', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
      ids.user = (await createUser(t.db, { email: 'linker@example.com' })).id;
    }

    it('sends Motorpool’s own return URL for this link, keeps the link with its expiry, and the flow comes back to it', async () => {
      await setup();
      const spy = vi.spyOn(api, 'connectAccount');
      const request = connectLinkSchema.parse({
        mode: 'vehicle',
        makes: ['Tesla', 'tesla', 'Mercedes-Benz'],
        scopes: ['vehicle:information', 'vehicle:information', 'vehicle:commands'],
        region: 'EUROPE',
        locale: 'de-DE',
        vin: '5yj3e1ea7kf317000',
        model: 'Model 3',
        modelYear: 2019,
      });
      const now = Date.now();
      const { link } = await createConnectLink(t.db, api, { organizationId: ids.org, userId: ids.user, request, now });
      const sent = spy.mock.calls[0][0];
      const returnUrl = new URL(sent.returnUrl);
      expect(returnUrl.origin + returnUrl.pathname).toBe('https://motorpool.example/connect/return');
      expect(returnUrl.searchParams.get('link')).toBe(link.id);
      expect(returnState().verify(link.id, returnUrl.searchParams.get('state') ?? undefined)).toBe(true);
      expect(sent).toMatchObject({
        scopes: ['vehicle:information', 'vehicle:commands'],
        // The vendor takes only its upper-case enumeration.
        makes: ['TESLA', 'MERCEDES BENZ'],
        deviceTypes: ['VEHICLE'],
        locale: 'de-DE',
        vin: '5YJ3E1EA7KF317000',
        model: 'Model 3',
        modelYear: 2019,
      });
      expect(link).toMatchObject({
        status: 'PENDING',
        vin: '5YJ3E1EA7KF317000',
        createdBy: ids.user,
        url: expect.stringMatching(/^http:\/\/sandbox\.test\/consent\//),
      });
      expect(link.expiresAt.getTime()).toBe(now + 3_600_000);

      const consentPath = new URL(link.url).pathname;
      const approved = await sandbox.handle(
        new Request(`http://sandbox.test${consentPath}`, {
          method: 'POST',
          body: 'decision=approve',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      const back = new URL(approved.headers.get('location')!);
      expect(back.searchParams.get('link')).toBe(link.id);
      expect(back.searchParams.get('result')).toBe('success');
    });

    it('sends the account’s country, keeps it, and the account’s vehicles take it as their country', async () => {
      await setup();
      const request = connectLinkSchema.parse({
        mode: 'account',
        makes: [],
        scopes: ['vehicle:all'],
        region: 'EUROPE',
        locale: 'en-GB',
        countryCode: ' de ',
      });
      const spy = vi.spyOn(api, 'connectAccount');
      const { link } = await createConnectLink(t.db, api, { organizationId: ids.org, userId: ids.user, request });
      expect(spy.mock.calls.at(-1)![0]).toMatchObject({ countryCode: 'DE' });
      expect(link.countryCode).toBe('DE');
      await settleConsentLink(t.db, ids.org, link.id, { status: 'COMPLETED', accountId: 'acc_country' });
      expect(await accountCountryOf(t.db, ids.org, 'acc_country')).toBe('DE');
      expect(await accountCountryOf(t.db, ids.org, 'acc_unknown')).toBeNull();
      expect(connectLinkSchema.safeParse({ ...request, countryCode: 'XX' }).success).toBe(false);
    });

    it('leaves out VIN, model and year of an account link', async () => {
      await setup();
      const request = connectLinkSchema.parse({
        mode: 'account',
        makes: [],
        scopes: ['vehicle:all'],
        region: 'NORTH_AMERICA',
        locale: 'en-GB',
        vin: '5YJ3E1EA7KF317000',
        model: 'X',
      });
      const spy = vi.spyOn(api, 'connectAccount');
      const { link } = await createConnectLink(t.db, api, { organizationId: ids.org, userId: ids.user, request });
      expect(spy.mock.calls.at(-1)![0]).not.toHaveProperty('vin');
      expect(spy.mock.calls.at(-1)![0]).not.toHaveProperty('makes');
      expect(link).toMatchObject({ vin: null, model: null, region: 'NORTH_AMERICA' });
    });

    it('keeps nothing when the upstream refuses, or answers with an address that is not http(s)', async () => {
      await setup();
      const before = (await listConsentLinks(t.db, { organizationId: ids.org })).length;
      const request = connectLinkSchema.parse({
        mode: 'account',
        makes: ['Fiat'], // listed by the vendor, but no brand of the sandbox's accounts
        scopes: ['vehicle:all'],
        region: 'EUROPE',
        locale: 'en-GB',
      });
      await expect(createConnectLink(t.db, api, { organizationId: ids.org, userId: ids.user, request })).rejects.toMatchObject({
        code: 'UNSUPPORTED_OEM',
      });
      await expect(createConnectLink(t.db, api, { organizationId: ids.org, userId: ids.user, request })).rejects.toBeInstanceOf(
        VehicleApiError,
      );
      const hostile = {
        connectAccount: async () => ({ data: { authenticationUrl: 'javascript:alert(1)' }, status: 200, requestId: 'req-x' }),
      } as never;
      await expect(
        createConnectLink(t.db, hostile, { organizationId: ids.org, userId: ids.user, request: { ...request, makes: [] } }),
      ).rejects.toMatchObject({
        code: 'UPSTREAM_CONTRACT_MISMATCH',
        status: 502,
      });
      expect(await listConsentLinks(t.db, { organizationId: ids.org })).toHaveLength(before);
    });
  });
}
