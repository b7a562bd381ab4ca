import 'server-only';
import type { Permission } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors/app-error';
import type { CredentialActor } from './credential-actor';

/** The refusal of a permission: a program is told its credential's scope lacks it, a person their role. */
export function permissionRefusal(access: { credential?: CredentialActor }, permission: Permission, personMessage?: string): AppError {
  return access.credential
    ? new AppError('API_CREDENTIAL_SCOPE', `This API credential's scope does not include ${permission}.`)
    : new AppError('FORBIDDEN', personMessage ?? 'Your role does not allow this action.');
}
