import { apiFetch } from '@/lib/query/api-fetch';
import type { ChangePasswordInput } from '@/lib/auth/schemas';
import type { Preferences } from '@/lib/format/preferences';

/** The signed-in person's new password; the server ends every session of theirs. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiFetch('/api/profile/password', { method: 'POST', json: input });
}

/** A new password through a reset link's token. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  return apiFetch('/api/profile/reset-password', { method: 'POST', json: { token, password } });
}

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export function askForResetLink(email: string): Promise<unknown> {
  return apiFetch('/api/profile/forgot-password', { method: 'POST', json: { email } });
}

/** The person's units and time zone, as stored. */
export function savePreferences(values: Preferences): Promise<{ preferences: Preferences }> {
  return apiFetch('/api/profile/preferences', { method: 'PUT', json: values });
}
