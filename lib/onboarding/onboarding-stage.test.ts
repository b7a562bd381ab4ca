import { describe, expect, it } from 'vitest';
import { stuckLongerThan } from '@/lib/onboarding/onboarding';
import type { BulkOutcome } from '@/lib/eligibility/bulk-connect';
import { vinListState, type VinListCheck, type VinListConnection } from './onboarding-stage';

const created = '2026-11-01T10:00:00.000Z';
const settled = '2026-11-01T10:00:05.000Z';

const running: VinListCheck = {
  status: 'PROCESSING',
  vinCount: 5,
  counts: { PENDING: 3, SUBMITTED: 2 },
  createdAt: created,
  updatedAt: created,
  ineligible: null,
  vinsKept: true,
};

/** 3 eligible, 2 ineligible with their reasons: as refreshCheck keeps a settled check. */
const checked: VinListCheck = {
  status: 'COMPLETED',
  vinCount: 5,
  counts: { ELIGIBLE: 3, INELIGIBLE: 1, NOT_SUPPORTED: 1 },
  createdAt: created,
  updatedAt: settled,
  vinsKept: true,
  ineligible: [
    { rowId: '4', vin: 'WVWZZZ1JZ00000004', status: 'INELIGIBLE', reason: 'Connected services are not offered in JP' },
    { rowId: '5', vin: 'ZZZZZZ1JZ00000005', status: 'NOT_SUPPORTED', reason: 'The manufacturer could not be identified from the VIN' },
  ],
};

const connected = (vin: string): BulkOutcome => ({
  vin,
  status: 'CONNECTED',
  message: 'The vehicle is connected',
  canRetry: false,
  errors: [],
});
const consentNeeded = (vin: string): BulkOutcome => ({
  vin,
  status: 'CONNECTION_REQUIRED',
  message: 'The owner must grant consent',
  canRetry: true,
  errors: [{ code: 'CONSENT_REQUIRED', message: 'The owner has not granted consent yet', actionCategory: 'CUSTOMER_ACTION' }],
});
const incompatible = (vin: string): BulkOutcome => ({
  vin,
  status: 'INCOMPATIBLE',
  message: 'The vehicle cannot be connected',
  canRetry: false,
  errors: [
    { code: 'VEHICLE_INCOMPATIBLE', message: 'The vehicle has no compatible connectivity module', actionCategory: 'CONTACT_SUPPORT' },
  ],
});

const request = (over: Partial<VinListConnection>): VinListConnection => ({
  id: 'bc1',
  retryOf: null,
  status: 'COMPLETED',
  vinCount: 3,
  results: null,
  createdAt: '2026-11-01T10:01:00.000Z',
  updatedAt: '2026-11-01T10:01:10.000Z',
  ...over,
});

describe('a bulk VIN list on the onboarding page', () => {
  it('is being checked while the results are open, stuck since the check was sent', () => {
    const state = vinListState(running, []);
    expect(state).toMatchObject({ stage: 'eligibility_running', since: created, stuck: true, connection: null });
    expect(state.nextStep).toBe('The service is checking 5 VINs; nothing to do yet. Look again in a few minutes.');
  });

  it('once checked, counts the eligible rows and names the reason of each ineligible one, stuck since it settled', () => {
    const state = vinListState(checked, []);
    expect(state).toMatchObject({
      stage: 'eligibility_checked',
      since: settled,
      stuck: true,
      eligible: 3,
      ineligible: {
        count: 2,
        reasons: [
          { reason: 'Connected services are not offered in JP', count: 1 },
          { reason: 'The manufacturer could not be identified from the VIN', count: 1 },
        ],
      },
      connection: null,
    });
    expect(state.nextStep).toBe("Connect the 3 eligible vehicles from the check's page. Retry the 2 ineligible rows later.");
  });

  it('asks for the check again when it was sent before Motorpool kept its VINs', () => {
    expect(vinListState({ ...checked, vinsKept: false }, []).nextStep).toBe(
      'Run the check again to connect its 3 eligible vehicles: it was sent before Motorpool kept the country of each VIN. Retry the 2 ineligible rows later.',
    );
  });

  it('asks to correct invalid VINs apart from the other ineligible rows, and reads the counts of a check kept before its rows were', () => {
    const state = vinListState({ ...checked, counts: { ELIGIBLE: 1, VALIDATION_ERROR: 2, FAILED: 1 }, ineligible: null }, []);
    expect(state.ineligible).toEqual({
      count: 3,
      reasons: [
        { reason: 'Invalid input', count: 2 },
        { reason: 'Failed', count: 1 },
      ],
    });
    expect(state.nextStep).toBe(
      "Connect the 1 eligible vehicle from the check's page. Correct the 2 invalid VINs and check again. Retry the 1 ineligible row later.",
    );
  });

  it('has nothing to connect when no row is eligible, and says when the whole check failed', () => {
    const none = vinListState({ ...checked, counts: { INELIGIBLE: 2 }, ineligible: checked.ineligible }, []);
    expect(none).toMatchObject({ stage: 'none_eligible', since: settled, stuck: true, eligible: 0 });
    expect(none.nextStep).toBe('No vehicle of this list is eligible. Retry the 2 ineligible rows later.');
    const failed = vinListState({ ...checked, status: 'FAILED', counts: { FAILED: 5 }, ineligible: [] }, []);
    expect(failed).toMatchObject({ stage: 'eligibility_failed', since: settled, stuck: true });
    expect(failed.nextStep).toMatch(/Send the list again later/);
  });

  it('is connecting while a request runs, its VINs pending, stuck since the newest request', () => {
    const state = vinListState(checked, [request({ status: 'PROCESSING', results: null, updatedAt: '2026-11-01T10:01:02.000Z' })]);
    expect(state).toMatchObject({
      stage: 'connecting',
      since: '2026-11-01T10:01:00.000Z',
      stuck: true,
      connection: { connected: 0, pending: 3, failed: { count: 0, reasons: [] } },
    });
    expect(state.nextStep).toBe('The service is connecting 3 vehicles; nothing to do yet. Retry the 2 ineligible rows later.');
  });

  it('shows each failed connection with its reason and asks the owner or support, stuck since the request settled', () => {
    const results = [connected('V1'), consentNeeded('V2'), incompatible('V3')];
    const state = vinListState(checked, [request({ results })]);
    expect(state).toMatchObject({
      stage: 'connection_incomplete',
      since: '2026-11-01T10:01:10.000Z',
      stuck: true,
      connection: {
        connected: 1,
        pending: 0,
        failed: {
          count: 2,
          reasons: [
            { reason: 'The owner has not granted consent yet', count: 1 },
            { reason: 'The vehicle has no compatible connectivity module', count: 1 },
          ],
        },
      },
    });
    expect(state.nextStep).toBe(
      "Ask the owner of 1 vehicle to give consent and enable remote access in the manufacturer's app, then retry from the check's page. " +
        "Send the 1 VIN that cannot be connected to the Vehicle API's support. Retry the 2 ineligible rows later.",
    );
  });

  it("counts a retried row by its retry's outcome: pending while the retry runs, then what the retry said", () => {
    const first = request({ results: [connected('V1'), consentNeeded('V2'), connected('V3')] });
    const retry = request({
      id: 'bc2',
      retryOf: 'bc1',
      status: 'PROCESSING',
      vinCount: 1,
      createdAt: '2026-11-01T11:00:00.000Z',
      updatedAt: '2026-11-01T11:00:00.000Z',
    });
    expect(vinListState(checked, [first, retry])).toMatchObject({
      stage: 'connecting',
      since: '2026-11-01T11:00:00.000Z',
      connection: { connected: 2, pending: 1, failed: { count: 0 } },
    });
    const done = { ...retry, status: 'COMPLETED', results: [connected('V2')], updatedAt: '2026-11-01T11:00:30.000Z' };
    const state = vinListState(checked, [first, done]);
    expect(state).toMatchObject({
      stage: 'connected',
      since: '2026-11-01T11:00:30.000Z',
      stuck: false,
      connection: { connected: 3, pending: 0 },
    });
    expect(state.nextStep).toBe('Nothing to do for the 3 connected vehicles. Retry the 2 ineligible rows later.');
    expect(stuckLongerThan(state, 0, Date.parse('2026-11-02T00:00:00Z'))).toBe(false);
  });

  it('has nothing left to do once every row was eligible and connected', () => {
    const all = { ...checked, counts: { ELIGIBLE: 2 }, vinCount: 2, ineligible: [] };
    const state = vinListState(all, [request({ vinCount: 2, results: [connected('V1'), connected('V2')] })]);
    expect(state).toMatchObject({ stage: 'connected', stuck: false, ineligible: { count: 0, reasons: [] } });
    expect(state.nextStep).toBe('Nothing to do: every vehicle of the list is connected.');
  });

  it('is stuck for more than X hours by the time of its stage', () => {
    const state = vinListState(checked, []);
    expect(stuckLongerThan(state, 2, Date.parse('2026-11-01T12:30:00Z'))).toBe(true);
    expect(stuckLongerThan(state, 3, Date.parse('2026-11-01T12:30:00Z'))).toBe(false);
  });
});
