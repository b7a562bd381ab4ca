import 'server-only';
import { AppError } from '@/lib/errors/app-error';

export type RepositoryErrorCode =
  'NOT_FOUND' | 'CONFLICT' | 'LAST_ADMIN' | 'ALREADY_MEMBER' | 'EMAIL_TAKEN' | 'SLUG_TAKEN' | 'INVALID_CURSOR';

const STATUS: Record<RepositoryErrorCode, number> = {
  NOT_FOUND: 404,
  CONFLICT: 409,
  LAST_ADMIN: 409,
  ALREADY_MEMBER: 409,
  EMAIL_TAKEN: 409,
  SLUG_TAKEN: 409,
  INVALID_CURSOR: 400,
};

/** An AppError, so the BFF maps it to its status and message without a special case. */
export class RepositoryError extends AppError {
  declare readonly code: RepositoryErrorCode;

  constructor(code: RepositoryErrorCode, message: string) {
    super(code, message, { status: STATUS[code] });
    this.name = 'RepositoryError';
  }
}
