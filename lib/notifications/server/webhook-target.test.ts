import { describe, expect, it, vi } from 'vitest';
import { checkWebhookUrl, webhookTargetProblem } from './webhook-target';

const none = { allowedHosts: [] };
const refused = 'The URL must not point at a private, loopback or link-local address';
const publicDns = async () => [{ address: '93.184.216.34' }];

describe('the SSRF guard on webhook targets (no network)', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback elsewhere in 127/8', 'https://127.8.9.10/hook'],
    ['localhost', 'https://localhost/hook'],
    ['a name under localhost', 'https://api.localhost/hook'],
    ['10/8', 'https://10.1.2.3/hook'],
    ['172.16/12', 'https://172.20.0.1/hook'],
    ['192.168/16', 'https://192.168.1.1/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv6 unique local fc00::/7', 'https://[fd12:3456::1]/hook'],
    ['IPv6 unique local fc00::', 'https://[fc00::1]/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped IPv6 in hex', 'https://[::ffff:a9fe:a9fe]/hook'],
    ['IPv4-mapped IPv6 private', 'https://[::ffff:10.0.0.1]/hook'],
    ['decimal IPv4 (2130706433 = 127.0.0.1)', 'https://2130706433/hook'],
    ['hex IPv4 (0x7f000001)', 'https://0x7f000001/hook'],
    ['dotted hex IPv4 (0xa9.0xfe.0xa9.0xfe)', 'https://0xa9.0xfe.0xa9.0xfe/hook'],
    ['octal IPv4 (0177.0.0.1)', 'https://0177.0.0.1/hook'],
    ['short IPv4 (10.1)', 'https://10.1/hook'],
  ])('refuses %s', (_name, url) => {
    expect(checkWebhookUrl(url, none)).toEqual({ ok: false, message: refused });
  });

  it('wants https, no credentials, an http(s) URL', () => {
    expect(checkWebhookUrl('http://hooks.example.com/in', none)).toEqual({ ok: false, message: 'The URL must use https' });
    expect(checkWebhookUrl('https://u:p@hooks.example.com/in', none)).toEqual({
      ok: false,
      message: 'The URL must not carry a user name or password',
    });
    expect(checkWebhookUrl('ftp://hooks.example.com/in', none)).toEqual({ ok: false, message: 'Enter an https:// URL' });
    expect(checkWebhookUrl('not a url', none)).toEqual({ ok: false, message: 'Enter an https:// URL' });
    expect(checkWebhookUrl('https://hooks.example.com/in', none)).toMatchObject({ ok: true, allowedByOperator: false });
    expect(checkWebhookUrl('https://93.184.216.34/in', none)).toMatchObject({ ok: true });
  });

  it('lets the operator allow a host, private or loopback, even over plain http', () => {
    const policy = { allowedHosts: ['127.0.0.1', 'hooks.internal'] };
    expect(checkWebhookUrl('http://127.0.0.1:4555/in', policy)).toMatchObject({ ok: true, allowedByOperator: true });
    expect(checkWebhookUrl('http://hooks.internal/in', policy)).toMatchObject({ ok: true, allowedByOperator: true });
    // Only the host listed: another loopback spelling is still refused.
    expect(checkWebhookUrl('https://[::1]/in', policy)).toEqual({ ok: false, message: refused });
    expect(checkWebhookUrl('https://2130706433/in', policy)).toMatchObject({ ok: true, allowedByOperator: true });
  });

  it('reads the allow list from WEBHOOK_ALLOWED_HOSTS', async () => {
    vi.resetModules();
    vi.stubEnv('WEBHOOK_ALLOWED_HOSTS', '127.0.0.1, Hooks.Internal.');
    const { webhookTargetPolicy: fresh } = await import('./webhook-target');
    expect(fresh()).toEqual({ allowedHosts: ['127.0.0.1', 'hooks.internal'] });
    vi.unstubAllEnvs();
  });
});

describe('the save-time check resolves the host', () => {
  it('refuses a name that resolves to a private address, whichever of its answers it is', async () => {
    const resolve = async () => [{ address: '93.184.216.34' }, { address: '10.0.0.7' }];
    expect(await webhookTargetProblem('https://hooks.example.com/in', none, resolve)).toBe(
      'The host hooks.example.com resolves to a private, loopback or link-local address',
    );
    expect(await webhookTargetProblem('https://rebind.example.com/in', none, async () => [{ address: '::ffff:169.254.169.254' }])).toMatch(
      /resolves to a private, loopback or link-local address/,
    );
    // The address itself is never said: it would tell whoever types a name what our DNS answers.
    const v6 = await webhookTargetProblem('https://v6.example.com/in', none, async () => [{ address: 'fd00::5' }]);
    expect(v6).toBe('The host v6.example.com resolves to a private, loopback or link-local address');
  });

  it('accepts a name whose every address is public, and says when a name does not resolve', async () => {
    expect(await webhookTargetProblem('https://hooks.example.com/in', none, publicDns)).toBeUndefined();
    const fail = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await webhookTargetProblem('https://nowhere.example.com/in', none, fail)).toBe(
      'The host nowhere.example.com could not be resolved',
    );
  });

  it('does not resolve an operator-allowed host (its addresses are the operator’s)', async () => {
    const resolve = vi.fn(async () => [{ address: '10.0.0.7' }]);
    expect(await webhookTargetProblem('http://hooks.internal/in', { allowedHosts: ['hooks.internal'] }, resolve)).toBeUndefined();
    expect(resolve).not.toHaveBeenCalled();
  });
});
