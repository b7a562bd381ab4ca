import { describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { placeVehicle } from '@/lib/map/server/positions.test-support';

/** The fleet map's picture as the map page (or a program) asks for it: the snapshot's positions, permission, a script-free SVG. */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const picture = await import('./route');
const context = (org = 'fleetpic') => ({ params: Promise.resolve({ org }) });
const url = (query: string, org = 'fleetpic') => `${CONSOLE_URL}/api/o/${org}/map/fleet-picture?${query}`;
const circles = (svg: string) => [...svg.matchAll(/<circle [^>]*fill="(#\w+)"/g)].map((m) => m[1]);

describe('the fleet map picture, with vehicles.read', () => {
  const credential = useScopedCredential('fleetpic', (db) => (state.db = db), ['vehicles.read']);

  it('draws the vehicles the snapshot placed, as an SVG with no script, kept a day by the browser', async () => {
    const db = state.db as Parameters<typeof placeVehicle>[0];
    await placeVehicle(db, credential.organizationId(), 'veh_a', { latitude: 48.137, longitude: 11.575 }, 70);
    await placeVehicle(db, credential.organizationId(), 'veh_b', { latitude: 52.52, longitude: 13.405 }, 10);
    await placeVehicle(db, credential.organizationId(), 'veh_c', null, 50);

    const response = await picture.GET(bearerRequest(url('theme=dark&asOf=2026-11-30T10:00:00.000Z'), credential.secret()), context());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 960 540"/);
    expect(circles(svg).sort()).toEqual(['#16a34a', '#dc2626']);
    expect(svg).toContain('fill="#0c1a2b"');
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });

  it('refuses a look it does not have, naming the field', async () => {
    const response = await picture.GET(bearerRequest(url('theme=sepia'), credential.secret()), context());
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields[0]).toMatchObject({ in: 'query', message: 'theme: light or dark' });
  });

  it('answers another organization as not found', async () => {
    const response = await picture.GET(bearerRequest(url('', 'elsewhere'), credential.secret()), context('elsewhere'));
    expect(response.status).toBe(404);
  });
});

describe('the fleet map picture without vehicles.read', () => {
  const credential = useScopedCredential('fleetpic', (db) => (state.db = db), ['reports.read']);

  it('is refused', async () => {
    const response = await picture.GET(bearerRequest(url(''), credential.secret()), context());
    expect(response.status).toBe(403);
  });
});
