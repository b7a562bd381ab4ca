import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

type Positions = { vehicles: { id: string; label: string; latitude: number | null; longitude: number | null }[]; asOf: string | null };

// WebGL in software (SwiftShader) and the accessibility checks over a 240-row list take a while on a loaded machine.
test.setTimeout(180_000);

test('the map draws every vehicle with a position from the snapshot, offline, with the same vehicles listed beside it', async ({
  page,
  request,
}) => {
  const response = await request.get('/api/o/demo/map');
  expect(response.ok()).toBe(true);
  const positions: Positions = await response.json();
  const placed = positions.vehicles.filter((v) => v.latitude !== null && v.longitude !== null);
  // The first pass of the snapshot at start read every listening vehicle.
  expect(placed.length).toBeGreaterThan(100);

  const outside: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!['localhost', '127.0.0.1'].includes(host) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });
  await page.goto('/o/demo/map');
  await expect(page.getByRole('heading', { name: 'Map', exact: true })).toBeVisible();
  // First the picture the server draws of the same positions: no map library on the page yet.
  await expect(page.getByTestId('fleet-map-picture')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(0);
  await page.getByRole('button', { name: /Explore the map/ }).click();
  // MapLibre drew its style (country outlines packaged with the console) and the vehicles' layers.
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(page.getByTestId('positions-age')).toContainText(
    `${placed.length} of ${positions.vehicles.length} vehicles have a known position`,
  );

  // The list: every vehicle, by keyboard, each a link to its page.
  const list = page.getByRole('region', { name: 'Vehicle positions' });
  await expect(list.locator('tbody tr')).toHaveCount(positions.vehicles.length);
  const first = positions.vehicles[0];
  await list.getByRole('link', { name: first.label, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/o/demo/vehicles/${encodeURIComponent(first.id)}`));
  expect(outside).toEqual([]);
});
