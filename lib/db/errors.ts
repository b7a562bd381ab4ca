import 'server-only';
import { AppError, type AppErrorCode } from '@/lib/errors/app-error';

export type RepositoryErrorCode = Extract<
  AppErrorCode,
  'NOT_FOUND' | 'CONFLICT' | 'LAST_ADMIN' | 'ALREADY_MEMBER' | 'EMAIL_TAKEN' | 'SLUG_TAKEN' | 'INVALID_CURSOR'
>;

/** An AppError, so the BFF maps it to its status (from the one map in lib/errors) and message without a special case. */
export class RepositoryError extends AppError {
  declare readonly code: RepositoryErrorCode;

  constructor(code: RepositoryErrorCode, message: string) {
    super(code, message);
    this.name = 'RepositoryError';
  }
}
