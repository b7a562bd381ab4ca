import type { Browser, BrowserContext } from '@playwright/test';

/**
 * A new browser context (nothing cached) signed in as the bench console's admin: its session
 * cookie header (`name=value; name=value`) set as the context's cookies for the console's address.
 */
export async function signedInContext(browser: Browser, server: { base: string; cookie: string }): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies(
    server.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.base };
    }),
  );
  return context;
}
