import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiFetch } from './api-fetch';

function stubBrowser(location: { pathname: string; search: string; hash: string }) {
  const assign = vi.fn();
  vi.stubGlobal('window', { location: { ...location, assign } });
  return assign;
}

function stubResponse(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch when the session has ended', () => {
  it('sends the person to sign-in with the full current place, and still rejects', async () => {
    const assign = stubBrowser({ pathname: '/o/demo/vehicles', search: '?make=Volvo&tag=a', hash: '#top' });
    stubResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
    await expect(apiFetch('/api/o/demo/vehicles')).rejects.toBeInstanceOf(ApiClientError);
    expect(assign).toHaveBeenCalledWith(`/sign-in?callbackUrl=${encodeURIComponent('/o/demo/vehicles?make=Volvo&tag=a#top')}`);
  });

  it('does not navigate for other errors', async () => {
    const assign = stubBrowser({ pathname: '/o/demo', search: '', hash: '' });
    stubResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } });
    await expect(apiFetch('/api/o/demo/members', { method: 'POST', json: {} })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(assign).not.toHaveBeenCalled();
  });
});
