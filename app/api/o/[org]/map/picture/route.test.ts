import { describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';

/** The small map's picture as a program (or an <img>) asks for it: permission, validation naming the field, a script-free SVG. */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const picture = await import('./route');
const context = (org = 'pic') => ({ params: Promise.resolve({ org }) });
const url = (query: string, org = 'pic') => `${CONSOLE_URL}/api/o/${org}/map/picture?${query}`;

describe('the small map picture, with vehicles.read', () => {
  const credential = useScopedCredential('pic', (db) => (state.db = db), ['vehicles.read']);

  it('draws the points as an SVG with no script, kept a day by the browser', async () => {
    const response = await picture.GET(
      bearerRequest(url('points=48.13743,11.57549,start;52.52,13.405,end&height=224&theme=dark'), credential.secret()),
      context(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 960 224"/);
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).toContain('fill="#0c1a2b"');
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });

  it('refuses points it cannot draw, naming the field and the point', async () => {
    const cases: [string, string][] = [
      ['points=', 'points: give at least one point'],
      ['points=91,10,vehicle', 'points[0]: latitude 91 is outside -85..85'],
      ['points=48,11,vehicle;48,11,car', 'points[1]: kind "car" is not one of vehicle, start, end'],
      ['points=48,11,vehicle;<script>', 'points[1]: "<script>" is not latitude,longitude,kind'],
      [`points=${Array.from({ length: 201 }, () => '1,1,end').join(';')}`, 'points: at most 200'],
      ['points=48,11,vehicle&height=999', 'height: one of 160, 224'],
    ];
    for (const [query, message] of cases) {
      const response = await picture.GET(bearerRequest(url(query), credential.secret()), context());
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.fields[0], query).toMatchObject({ in: 'query', message });
    }
  });

  it('answers another organization as not found', async () => {
    const response = await picture.GET(bearerRequest(url('points=48,11,vehicle', 'elsewhere'), credential.secret()), context('elsewhere'));
    expect(response.status).toBe(404);
  });
});

describe('the small map picture without vehicles.read', () => {
  const credential = useScopedCredential('pic', (db) => (state.db = db), ['reports.read']);

  it('is refused', async () => {
    const response = await picture.GET(bearerRequest(url('points=48,11,vehicle'), credential.secret()), context());
    expect(response.status).toBe(403);
  });
});
