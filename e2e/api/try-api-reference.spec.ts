import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({
  storageState: storageStateOf('admin'),
  // The malformed try's 400, which the browser logs as any failed request.
  allowedConsoleErrors: [/status of 400 .*\/api\/o\/demo\/vehicles\?pageSize=many/],
});

test('an admin tries a GET operation of their organization from the API reference and sees its answer, errors included', async ({
  page,
}) => {
  // The try panel is loaded only here, in the browser, after the page (clientLazy: in the browser only).
  await page.goto('/o/demo/settings/api');
  const card = page.getByRole('form', { name: 'Try an operation' });
  await expect(card).toBeVisible();
  await card.getByLabel('Operation').selectOption({ label: 'GET /vehicles' });
  await card.getByLabel('pageSize (query)').fill('5');
  await expect(card.getByText('GET /api/o/demo/vehicles?pageSize=5')).toBeVisible();
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText(/^HTTP 200/)).toBeVisible();
  await expect(card.getByTestId('try-answer')).toContainText('"items"');

  // A malformed query: the answer is the one error shape, with its field path and request id.
  await card.getByLabel('pageSize (query)').fill('many');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText(/^HTTP 400 · request id \S+/)).toBeVisible();
  const answer = card.getByTestId('try-answer');
  await expect(answer).toContainText('"code": "VALIDATION_FAILED"');
  await expect(answer).toContainText('"path": "pageSize"');
  await expect(answer).toContainText('"requestId"');
});
