import { newMember, ORIGIN_OF, signedOutContext, signInFresh } from '../fixtures/invite';
import { storageStateOf } from '../fixtures/roles';
import { expect, test } from '../fixtures/test';

/**
 * Issue 26, M2: the account page lists the ways a person signs in. A member whose password came
 * through the invitation link sees it marked so, and cannot remove their only method (the server
 * refuses too). Works on a member of its own, never on the demo users other specs share.
 */
test.use({ storageState: storageStateOf('admin') });
// The refused removal is a 409, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 409 .*\/api\/profile\/sign-in-methods\/remove$/] });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'a member password of 26 m2';

test('the account page lists the sign-in methods and keeps the last one', async ({ browser, page, baseURL }, testInfo) => {
  const origin = ORIGIN_OF(baseURL);
  const email = await newMember(browser, page.request, origin, 'demo', 'methods', PASSWORD);
  const member = await signInFresh(browser, email, PASSWORD);
  await member.goto('/profile/password');

  const section = member.getByRole('region', { name: 'Sign-in methods' });
  await expect(section.getByText('Password', { exact: true })).toBeVisible();
  await expect(section.getByText('set through a link')).toBeVisible();
  await expect(section.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  const refused = await member.request.post('/api/profile/sign-in-methods/remove', {
    data: { method: 'password' },
    headers: { Origin: origin },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/only way to sign in/) });

  const anonymous = await signedOutContext(browser);
  expect(
    (
      await anonymous.request.post('/api/profile/sign-in-methods/remove', { data: { method: 'password' }, headers: { Origin: origin } })
    ).status(),
  ).toBe(401);
  await anonymous.close();

  for (const [name, look] of [
    ['light', { colorScheme: 'light' as const, width: 1280 }],
    ['dark', { colorScheme: 'dark' as const, width: 1280 }],
    ['narrow-dark', { colorScheme: 'dark' as const, width: 360 }],
  ] as const) {
    await member.emulateMedia({ colorScheme: look.colorScheme });
    await member.setViewportSize({ width: look.width, height: 900 });
    await member.screenshot({ path: testInfo.outputPath(`sign-in-methods-${name}.png`), fullPage: true });
  }
  await member.context().close();
});
