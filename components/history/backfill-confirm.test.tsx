import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { estimateBackfill, type EstimateInput } from '@/lib/history/backfill';
import { BackfillConfirm } from './backfill-confirm';

const DAY = 86_400_000;
const now = new Date('2026-11-20T08:00:00Z');
const input: EstimateInput = {
  from: new Date('2026-05-04T00:00:00Z'),
  now,
  pageSize: 100,
  kinds: {
    journeys: { coveredFrom: new Date('2026-08-22T00:00:00Z'), vehicleItems: 270, vehicleDays: 90, fleetItems: 0, fleetDays: 0 },
    charging: { coveredFrom: null, vehicleItems: 0, vehicleDays: 0, fleetItems: 300, fleetDays: 600 },
  },
  budget: { allowedPerWindow: 10, windowMs: DAY, known: true, spentInWindow: 8, windowEnd: new Date('2026-11-21T00:00:00Z') },
  tickMs: 10 * 60_000,
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const render = (estimate = estimateBackfill(input), pending = false) =>
  renderToStaticMarkup(<BackfillConfirm estimate={estimate} pending={pending} onConfirm={() => {}} onCancel={() => {}} />);

describe('the confirm step of a history backfill', () => {
  it('shows the calls, the time within the budget and how both were estimated, before the button that starts it', () => {
    const raw = render();
    const html = text(raw);
    // Journeys: 110 days × 3 = 330, 4 pages; charging (never gathered): 200.3 days × 0.5 ≈ 100, 2 pages. 2 calls left today, 8 a day after.
    expect(html).toContain('Cost of gathering from 2026-05-04');
    expect(html).toContain('about 6 calls');
    expect(html).toContain('about 17 hours');
    expect(html).toContain(
      '10 calls per day (the history’s share of the vehicle’s rate budget); 2 calls left in the current window, 2 of each later one kept for the daily walk of new items',
    );
    expect(html).toContain('journeys: 110 days not stored × 3 a day (from this vehicle’s stored history) ≈ 330, in pages of 100: 4 calls.');
    expect(html).toContain(
      'charging sessions: 200.3 days not stored × 0.5 a day (from the fleet’s stored history, as this vehicle has less than a week stored) ≈ 100, in pages of 100: 2 calls.',
    );
    expect(html).toContain('An estimate from what is stored');
    expect(raw).toMatch(/<button[^>]*>Gather history from 2026-05-04<\/button>/);
    expect(raw).not.toMatch(/<button[^>]*disabled=""[^>]*>Gather history/);
  });

  it('offers nothing to start when the store already reaches the day, and no second click while asking', () => {
    const covered = estimateBackfill({
      ...input,
      from: new Date('2026-10-01T00:00:00Z'),
      kinds: { journeys: input.kinds.journeys, charging: { ...input.kinds.journeys } },
    });
    const html = render(covered);
    expect(text(html)).toContain('Nothing to gather');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Gather history from 2026-10-01<\/button>/);
    expect(render(estimateBackfill(input), true)).toMatch(/<button[^>]*disabled=""[^>]*>Asking…<\/button>/);
  });
});
