/**
 * next-auth's sign-out: a CSRF token, then a POST that ends the session on the server (its id is
 * recorded as signed out) and clears the cookie.
 */
export async function endThisSession(): Promise<void> {
  const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
  await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/sign-in', json: 'true' }),
  });
}
