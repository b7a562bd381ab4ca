import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { profileKeys } from './query-keys';
import type { ChangePasswordInput } from '@/lib/auth/schemas';
import type { Preferences } from '@/lib/format/preferences';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  ConfirmTotpInput,
  RemovePasskeyInput,
  RemoveSignInMethodInput,
  RemoveTotpInput,
  StartTotpInput,
  StepUpInput,
} from '@/lib/profile/schemas';
import type { SecondFactorView, TotpConfirmedView, TotpEnrolmentView } from '@/lib/profile/second-factor';
import type { SignedInSessionView } from './sessions';

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

/** Starts setting up an authenticator app (after the password): the secret and its URI, shown once. */
export function startTotp(input: StartTotpInput): Promise<TotpEnrolmentView> {
  return apiFetch('/api/profile/second-factor/totp/start', { method: 'POST', json: input });
}

/** The app's first code turns two-step verification on; the answer holds the recovery codes, this once. */
export function confirmTotp(input: ConfirmTotpInput): Promise<TotpConfirmedView> {
  return apiFetch('/api/profile/second-factor/totp/confirm', { method: 'POST', json: input });
}

/** Turns two-step verification off, after a code or the password. */
export function removeTotp(input: RemoveTotpInput): Promise<SecondFactorView> {
  return apiFetch('/api/profile/second-factor/totp/remove', { method: 'POST', json: input });
}

/** New recovery codes after a code or the password: the earlier ones stop working; the answer holds the new ones, this once. */
export function regenerateRecoveryCodes(input: RemoveTotpInput): Promise<TotpConfirmedView> {
  return apiFetch('/api/profile/second-factor/totp/recovery-codes', { method: 'POST', json: input });
}

/** "Where you're signed in": the person's open sessions, this one marked. */
export function useSignedInSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: () => apiFetch<{ sessions: SignedInSessionView[] }>('/api/profile/sessions').then((answer) => answer.sessions),
  });
}

/** Ends one of them at once; the list then reads again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ ended: true; thisDevice: boolean }>(`/api/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

/** Removes the password or a single sign-on identity; the server ends every session of the person. */
export function removeSignInMethod(input: RemoveSignInMethodInput): Promise<{ removed: true }> {
  return apiFetch('/api/profile/sign-in-methods/remove', { method: 'POST', json: input });
}

/** Marks this browser as linking single sign-on; the caller then sends it through the identity provider. */
export function startSsoLink(): Promise<{ started: true }> {
  return apiFetch('/api/profile/sign-in-methods/link-sso', { method: 'POST', json: {} });
}

/** Options for enrolling a passkey (after the password); the challenge stays on the server. */
export function passkeyOptions(input: StartTotpInput): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return apiFetch('/api/profile/second-factor/passkeys/options', { method: 'POST', json: input });
}

/** The authenticator's answer, stored under the name the person gave. */
export function registerPasskey(input: { name: string; response: RegistrationResponseJSON }): Promise<SecondFactorView> {
  return apiFetch('/api/profile/second-factor/passkeys/register', { method: 'POST', json: input });
}

/** Removes one passkey, after the password or a code. */
export function removePasskey(input: RemovePasskeyInput): Promise<SecondFactorView> {
  return apiFetch('/api/profile/second-factor/passkeys/remove', { method: 'POST', json: input });
}

/** The sign-in form's passkey step: a fresh challenge. */
export function passkeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return apiFetch('/api/sign-in/passkey-options', { method: 'POST', json: {} });
}

/** A step-up before a dangerous action: this session proves itself in this organization for five minutes. */
export function stepUp(org: string, input: StepUpInput): Promise<{ method: string; until: string }> {
  return apiFetch(`/api/o/${encodeURIComponent(org)}/profile/step-up`, { method: 'POST', json: input });
}

/** The passkey's answer to a fresh challenge, or null when the person closed the prompt. */
export async function answerPasskeyChallenge(): Promise<StepUpInput['passkey'] | null> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeySignInOptions()]);
  try {
    return (await startAuthentication({ optionsJSON })) as unknown as StepUpInput['passkey'];
  } catch {
    return null;
  }
}
