import 'server-only';
import { AppError, validationFailed } from '@/lib/errors/app-error';
import type { PublicOrganization } from '@/lib/db/repos/organizations';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { VehicleApiError } from '@/lib/vehicle-api';
import { isKnownErrorCode } from '@/lib/vehicle-api/errors';
import { checkUpstreamBaseUrl } from '@/lib/vehicle-api/upstream-host-policy';

const SAFE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * What the browser learns of a failed test: our own words for the code and the upstream's
 * status, never the text of its body (a host's error page or whatever it chose to answer).
 */
export function testFailure(error: VehicleApiError): AppError {
  const code =
    isKnownErrorCode(error.code) || ['NETWORK_ERROR', 'TIMEOUT', 'UPSTREAM_CONTRACT_MISMATCH'].includes(error.code)
      ? error.code
      : 'UPSTREAM_ERROR';
  const requestId = error.requestId && SAFE_REQUEST_ID.test(error.requestId) ? error.requestId : undefined;
  const base = { upstreamRequestId: requestId, details: { upstreamStatus: error.status, endpoint: error.endpoint } };
  switch (code) {
    case 'AUTHENTICATION_ERROR':
      return new AppError('UPSTREAM_AUTHENTICATION_ERROR', 'The Vehicle API refused these credentials or their scope.', base);
    case 'RATE_LIMITED':
      return new AppError('RATE_LIMITED', 'The Vehicle API asks us to slow down. Try again later.', base);
    case 'TIMEOUT':
    case 'NETWORK_ERROR':
      return new AppError(code, 'The Vehicle API could not be reached or did not answer in time.', base);
    default:
      return new AppError(
        code,
        error.status ? `The Vehicle API answered with HTTP ${error.status}.` : 'The Vehicle API gave no usable answer.',
        { status: 502, ...base },
      );
  }
}

/** Calls `test-token` with the stored credentials and shows whom the upstream says we are. */
export async function testConnection(org: PublicOrganization) {
  if (org.apiBaseUrl !== null) {
    const verdict = checkUpstreamBaseUrl(org.apiBaseUrl);
    if (!verdict.ok) {
      throw validationFailed([{ path: 'baseUrl', message: verdict.message }], {
        status: 409,
        message: `The stored base URL is not allowed on this server (${verdict.message}). Choose another and enter the client secret again.`,
      });
    }
  }
  const api = await orgVehicleApi(org);
  try {
    const response = await api.testToken();
    return {
      clientId: response.data.clientId,
      organizationId: response.data.organizationId,
      requestId: response.requestId,
      durationMs: response.durationMs,
    };
  } catch (error) {
    if (error instanceof VehicleApiError) throw testFailure(error);
    throw error;
  }
}
