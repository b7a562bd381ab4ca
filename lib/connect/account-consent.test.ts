import { describe, expect, it } from 'vitest';
import { missingScopesOf, reconnectPrefill, type AccountConsentView } from './account-consent';
import type { ConsentLinkView } from './links';

const link: ConsentLinkView = {
  id: 'l1',
  url: 'https://consent.example/l1',
  mode: 'account',
  scopes: ['vehicle:telemetry', 'vehicle:commands'],
  makes: ['KIA'],
  region: 'NORTH_AMERICA',
  locale: 'de-DE',
  countryCode: 'US',
  vin: null,
  model: null,
  modelYear: null,
  status: 'COMPLETED',
  accountId: 'acc_1',
  errorCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
  completedAt: '2026-01-01T00:10:00.000Z',
  createdBy: null,
  mailedTo: 'owner@example.com',
  mailedAt: '2026-01-01T00:01:00.000Z',
  firstOpenedAt: '2026-01-01T00:10:00.000Z',
  reconnectsAccountId: null,
};

const view: AccountConsentView = {
  accountId: 'acc_1',
  vehicleId: null,
  health: 'disconnected',
  problem: null,
  link,
  vehicleMakes: [],
  vin: null,
  missing: [],
};

describe('scopes found missing', () => {
  it('maps the endpoints of consent-scope 401s to their scopes, once each', () => {
    expect(
      missingScopesOf([
        { endpoint: 'GET /v1/vehicles/{vehicleId}/telemetry' },
        { endpoint: 'GET /v1/vehicles/{vehicleId}/journeys' },
        { endpoint: 'GET /v1/vehicles/{vehicleId}/specifications' },
        { endpoint: 'GET /v1/vehicles/{vehicleId}' },
      ]),
    ).toEqual(['vehicle:information', 'vehicle:telemetry']);
  });
});

describe('the pre-filled reconnection', () => {
  it('keeps the connecting link’s brand, region, scopes, language and country, and the owner’s address', () => {
    expect(reconnectPrefill(view)).toEqual({
      request: {
        mode: 'account',
        makes: ['Kia'],
        scopes: ['vehicle:telemetry', 'vehicle:commands'],
        region: 'NORTH_AMERICA',
        locale: 'de-DE',
        countryCode: 'US',
      },
      mailTo: 'owner@example.com',
      unknown: [],
    });
  });

  it('keeps the vehicle of a VIN link', () => {
    const vinLink = { ...link, mode: 'vehicle' as const, vin: 'KNDJ23AU4N7000001', model: 'EV6', modelYear: 2023 };
    expect(reconnectPrefill({ ...view, link: vinLink }).request).toMatchObject({
      mode: 'vehicle',
      vin: 'KNDJ23AU4N7000001',
      model: 'EV6',
      modelYear: 2023,
    });
  });

  it('asks for the missing scopes on top of those granted, without repeating one', () => {
    const missing = { ...view, missing: ['vehicle:commands', 'vehicle:information'] as AccountConsentView['missing'] };
    expect(reconnectPrefill(missing, { addMissing: true }).request.scopes).toEqual([
      'vehicle:telemetry',
      'vehicle:commands',
      'vehicle:information',
    ]);
    // A plain Reconnect keeps the scopes as they were.
    expect(reconnectPrefill(missing).request.scopes).toEqual(['vehicle:telemetry', 'vehicle:commands']);
  });

  it('says the owner’s address is unknown when the earlier link was not mailed', () => {
    const prefill = reconnectPrefill({ ...view, link: { ...link, mailedTo: null, mailedAt: null } });
    expect(prefill.mailTo).toBeNull();
    expect(prefill.unknown).toEqual([expect.stringMatching(/owner’s e-mail/)]);
  });

  it('without a connecting link, takes the brands of the vehicles and names what it could not know', () => {
    const prefill = reconnectPrefill(
      { ...view, link: null, vehicleMakes: ['MERCEDES BENZ', 'NOT A MAKE'], missing: ['vehicle:commands'] },
      { addMissing: true },
    );
    expect(prefill.request).toEqual({
      mode: 'account',
      makes: ['Mercedes-Benz'],
      scopes: ['vehicle:all', 'vehicle:commands'],
      region: 'EUROPE',
      locale: 'en-GB',
    });
    expect(prefill.unknown.join(' ')).toMatch(/scopes.*region.*language.*e-mail/);
    expect(reconnectPrefill({ ...view, link: null }).unknown[0]).toMatch(/the brand/);
  });
});
