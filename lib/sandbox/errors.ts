import 'server-only';
import { ERROR_STATUS, type ErrorCode } from '@/lib/contract/vehicle-api';

/** An error the sandbox answers with the contract's error body and status. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new ApiError('RESOURCE_NOT_FOUND', `${what} not found`);
export const invalid = (message: string, data: unknown = null) => new ApiError('REQUEST_VALIDATION_ERROR', message, data);

export function errorBody(error: ApiError, requestId: string, nowMs: number) {
  return {
    requestId,
    timestamp: new Date(nowMs).toISOString(),
    error: error.code,
    message: error.message,
    data: error.data,
  };
}
