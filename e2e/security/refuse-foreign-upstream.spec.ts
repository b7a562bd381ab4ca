import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';
import { expect as baseExpect, test } from '../fixtures/test';

/**
 * Issue 12, item 8: an admin cannot point the organization's upstream at a host of their
 * choosing and have the server send the client secret there. A listener on a loopback port
 * stands for such a host and records every request it receives: it must receive none.
 */
type Received = { method?: string; url?: string; authorization?: string; body: string };
let listener: Server;
let listenerUrl = '';
const received: Received[] = [];

test.beforeAll(async () => {
  listener = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      res.writeHead(500, { 'content-type': 'text/plain' }).end('internal metadata: aws_secret_access_key=AKIA-LEAKED');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

// A production server on a busy machine: pages and password checks may take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin'), allowedConsoleErrors: [/status of 400/] });

  test('foreign base URLs are refused with a message on the field, and nothing is saved', async ({ page, baseURL }) => {
    await stepUp(page.request, baseURL!);
    await page.goto('/o/demo/settings');
    await expect(page.getByLabel('Client id')).toHaveValue(/^sbx_demo_/);
    // Each refusal has its own words, so each message seen is the answer to that save.
    const cases: Array<[string, string]> = [
      ['https://169.254.169.254/latest/meta-data', 'The base URL must not point at a private, loopback or link-local address'],
      ['http://127.0.0.2:9', 'The base URL must use https'],
      [
        'https://api.not-on-the-list.example',
        'This server allows no custom base URL (the operator can list hosts in VEHICLE_API_ALLOWED_HOSTS)',
      ],
    ];
    await page.getByLabel('Environment').selectOption('custom');
    for (const [baseUrl, message] of cases) {
      await page.getByLabel('Base URL').fill(baseUrl);
      await page.getByLabel('Client secret').fill('a-secret-the-admin-typed');
      await page.getByRole('button', { name: 'Save credentials' }).click();
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    const settings = await (await page.request.get('/api/o/demo/settings')).json();
    expect(settings.environment).toBe('embedded');
    expect(received).toEqual([]);
  });

  test('a base URL change without the secret re-entered is refused, naming the client secret', async ({ page, baseURL }) => {
    await stepUp(page.request, baseURL!);
    await page.goto('/o/demo/settings');
    await expect(page.getByLabel('Client id')).toHaveValue(/^sbx_demo_/);
    await page.getByLabel('Environment').selectOption('custom');
    await page.getByLabel('Base URL').fill('https://api.not-on-the-list.example');
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText('Enter the client secret again: it is required whenever the base URL changes').first()).toBeVisible();
    const settings = await (await page.request.get('/api/o/demo/settings')).json();
    expect(settings.environment).toBe('embedded');
  });

  test('over the API too: the secret never reaches the listener, and Test connection stays on the allowed upstream', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, 'admin');
    await stepUp(api, baseURL!);
    const current = await (await api.get('/api/o/demo/settings')).json();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ baseUrl: 'http://169.254.169.254' }, 'baseUrl', 'The base URL must use https'],
      [{ baseUrl: 'https://169.254.169.254' }, 'baseUrl', 'The base URL must not point at a private, loopback or link-local address'],
      [{ baseUrl: 'https://[::ffff:a9fe:a9fe]' }, 'baseUrl', 'The base URL must not point at a private, loopback or link-local address'],
      [{ baseUrl: 'https://2852039166' }, 'baseUrl', 'The base URL must not point at a private, loopback or link-local address'],
      [{ baseUrl: 'http://127.0.0.2:9' }, 'baseUrl', 'The base URL must use https'],
      [{ baseUrl: listenerUrl }, 'baseUrl', 'The base URL must use https'],
      [{ baseUrl: `${listenerUrl.replace('127.0.0.1', 'localhost')}/` }, 'baseUrl', 'The base URL must use https'],
      [
        { baseUrl: 'https://api.not-on-the-list.example' },
        'baseUrl',
        'This server allows no custom base URL (the operator can list hosts in VEHICLE_API_ALLOWED_HOSTS)',
      ],
      [
        { baseUrl: listenerUrl, clientSecret: '' },
        'clientSecret',
        'Enter the client secret again: it is required whenever the base URL changes',
      ],
    ];
    for (const [change, field, message] of cases) {
      const data = { environment: 'custom', clientId: current.clientId, clientSecret: 'attacker-chosen-secret', ...change };
      const response = await api.put('/api/o/demo/settings/credentials', { data });
      expect(response.status(), JSON.stringify(data)).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      const onField = (error.fields as { path: string }[]).filter((f) => f.path === field);
      expect(onField, JSON.stringify(data)).toEqual([{ path: field, message, in: 'body' }]);
    }
    const tested = await api.post('/api/o/demo/settings/test-connection', { data: {} });
    expect(tested.status()).toBe(200);
    expect(await tested.text()).not.toContain('AKIA');
    await api.dispose();

    // And in the browser: Test connection works against the embedded sandbox, and nothing left the server.
    await page.goto('/o/demo/settings');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('Connection works.')).toBeVisible();
    expect(received).toEqual([]);
  });
});
