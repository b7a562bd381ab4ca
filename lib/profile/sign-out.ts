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

/**
 * Ends this session; "everywhere" first moves the user's session version on, which ends every
 * other session (other browsers, devices) too.
 */
export async function endSessions({ everywhere }: { everywhere: boolean }): Promise<void> {
  if (everywhere) {
    const response = await fetch('/api/profile/sign-out-everywhere', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (!response.ok && response.status !== 401) throw new Error('Signing out everywhere failed');
  }
  await endThisSession();
}
