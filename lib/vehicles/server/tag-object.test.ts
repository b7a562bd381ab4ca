import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { VehicleApiError } from '@/lib/vehicle-api';
import { explainTagRefusal } from './tag-object';

const refusal = (code: string, status: number) =>
  new VehicleApiError({ code, status, endpoint: 'POST /v1/tags', requestId: 'req-9', message: 'objectId is not a device' });

describe('explainTagRefusal', () => {
  it('says plainly that the service refused to tag an account, with its request id', () => {
    const explained = explainTagRefusal(refusal('REQUEST_VALIDATION_ERROR', 400), 'account', 'add');
    expect(explained).toBeInstanceOf(AppError);
    expect(explained).toMatchObject({
      code: 'ACCOUNT_TAGGING_REFUSED',
      status: 422,
      body: { upstreamRequestId: 'req-9', details: { upstreamCode: 'REQUEST_VALIDATION_ERROR' } },
    });
    expect((explained as AppError).message).toMatch(/refused to tag the account itself.*Tag the account's vehicles/);
    expect(explainTagRefusal(refusal('RESOURCE_NOT_FOUND', 404), 'account', 'remove')).toMatchObject({ code: 'ACCOUNT_TAGGING_REFUSED' });
  });

  it('leaves a vehicle tag refusal, and failures that are no refusal, as they came', () => {
    const vehicle = refusal('REQUEST_VALIDATION_ERROR', 400);
    expect(explainTagRefusal(vehicle, 'vehicle', 'add')).toBe(vehicle);
    const down = refusal('SERVER_ERROR', 500);
    expect(explainTagRefusal(down, 'account', 'add')).toBe(down);
  });
});
