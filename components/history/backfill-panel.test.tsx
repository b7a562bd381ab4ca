import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/query/api-fetch';

const state = vi.hoisted(() => ({ error: null as unknown }));
vi.mock('nuqs', () => ({ parseAsString: { withDefault: () => ({}) }, useQueryState: () => [''] }));
vi.mock('@/components/layout/session-role', () => ({ useCan: () => true }));
vi.mock('@/lib/history/query', () => ({
  useVehicleBackfill: () => ({ isPending: false, isError: state.error !== null, error: state.error, data: undefined, refetch: () => {} }),
  useRequestBackfill: () => ({ isPending: false, error: null, mutate: () => {} }),
}));
const { BackfillPanel } = await import('./backfill-panel');

const text = (error: unknown) => {
  state.error = error;
  return renderToStaticMarkup(<BackfillPanel org="demo" vehicleId="veh_new" />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};

describe('the history card of a vehicle the snapshot has not read', () => {
  it('says the snapshot has not read it yet, not that its history failed', () => {
    const html = text(new ApiClientError(404, { code: 'NOT_FOUND', message: 'No such vehicle in this organization’s fleet.' }));
    expect(html).toContain('Motorpool’s fleet snapshot has not read this vehicle yet.');
    expect(html).not.toContain('could not be read');
  });

  it('keeps other failures an error with their words and a retry', () => {
    const html = text(new ApiClientError(500, { code: 'INTERNAL', message: 'Something went wrong on our side. The error was logged.' }));
    expect(html).toContain('The vehicle’s history could not be read');
    expect(html).toContain('Something went wrong on our side.');
    expect(html).toContain('Try again');
  });
});
