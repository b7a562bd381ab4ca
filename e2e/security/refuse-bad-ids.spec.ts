import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

/**
 * Issue 12, item 9: ids that are or make dot segments are refused (400) before they reach an
 * upstream path, and non-uuid member and command ids are a 400, not a 500. Sent byte for byte over
 * raw HTTP as admin. (A whole `..`, `.` or `%2e%2e` segment is normalized by the server before
 * routing, so what reaches a route as an id is `..` joined by an encoded slash, or a
 * percent-encoded dot such as `%252e%252e`, which arrives as the id `%2e%2e`.)
 */
function adminCookie(): string {
  const state = JSON.parse(readFileSync(storageStateOf('admin'), 'utf8')) as { cookies: { name: string; value: string }[] };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

function raw(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; code?: string }> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          Cookie: adminCookie(),
          Origin: url.origin,
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          } catch {
            code = undefined;
          }
          resolve({ status: response.statusCode ?? 0, code });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const DOTTED_IDS = ['..%2F..%2Fv1', '..%2Fx', '.%2F', '%252e%252e', '%252E', '%2e%2e%2Fv1'];

test.describe('ids that would become dot segments upstream are 400', () => {
  for (const id of DOTTED_IDS) {
    test(`id ${id}`, async ({ baseURL }) => {
      for (const path of [
        `/api/o/demo/accounts/${id}`,
        `/api/o/demo/vehicles/${id}`,
        `/api/o/demo/vehicles/${id}/tags`,
        `/api/o/demo/vehicles/${id}/commands`,
        `/api/o/demo/vehicles/veh_1/charging/${id}`,
        `/api/o/demo/eligibility/connections/${id}`,
      ]) {
        expect(await raw(baseURL!, 'GET', path), `GET ${path}`).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      }
      expect(await raw(baseURL!, 'POST', `/api/o/demo/accounts/${id}/disconnect`, {}), 'disconnect').toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });
  }
});

test('a non-uuid member id is 400 for a role change and a removal, not 500', async ({ baseURL }) => {
  for (const id of ['not-a-uuid', '..%2Fx', '%252e%252e', '1']) {
    expect(await raw(baseURL!, 'PATCH', `/api/o/demo/members/${id}`, { role: 'support' }), `PATCH ${id}`).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await raw(baseURL!, 'DELETE', `/api/o/demo/members/${id}`), `DELETE ${id}`).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  }
});

test('a non-uuid command execution id is 400, not 500', async ({ baseURL }) => {
  for (const id of ['not-a-uuid', '..%2Fx', '%252e%252e']) {
    expect(await raw(baseURL!, 'GET', `/api/o/demo/commands/${id}`), id).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  }
});
