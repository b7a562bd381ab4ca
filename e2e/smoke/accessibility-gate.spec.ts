import { seriousViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// The gate every test passes through must be able to fail: a page with a known serious violation.
test('the accessibility check reports low contrast and an unlabelled button', async ({ page }) => {
  await page.setContent('<main><h1>Gate</h1><p style="color:#bbb;background:#fff">faint text</p><button></button></main>');
  const violations = await seriousViolations(page);
  expect(violations.some((v) => v.startsWith('serious color-contrast'))).toBe(true);
  expect(violations.some((v) => v.startsWith('critical button-name'))).toBe(true);
});
