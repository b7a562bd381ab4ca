import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FleetTrends } from '@/lib/overview/trends';
import { TrendsContent } from './trends';

const weeks = (values: [number, number][]) =>
  values.map(([distanceKm, energyChargedKwh], i) => ({
    start: new Date(Date.UTC(2026, 7, 24 + i * 7)).toISOString().slice(0, 10),
    distanceKm,
    energyChargedKwh,
  }));

const EMPTY: FleetTrends = {
  weeks: weeks(Array(12).fill([0, 0])),
  hasHistory: false,
  health: {
    buckets: [
      { bucket: 'below70', vehicles: 0 },
      { bucket: 'from70', vehicles: 0 },
      { bucket: 'from80', vehicles: 0 },
      { bucket: 'from90', vehicles: 0 },
    ],
    withoutHealth: 0,
  },
  reporting: { vehicles: 0, reporting: 0, hours: 24 },
  computedAt: '2026-11-11T12:00:00.000Z',
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the overview trends card', () => {
  it('says history is being gathered while the stores hold nothing', () => {
    const html = text(renderToStaticMarkup(<TrendsContent trends={EMPTY} />));
    expect(html).toContain('No journeys or charging sessions stored for these weeks yet');
    expect(html).toContain('History is gathered in the background; the first figures appear within minutes.');
    expect(html).toContain('No battery health read yet.');
    expect(html).toContain('No vehicle listed yet.');
    expect(html).not.toContain('Week of');
  });

  it('lists every week with its figures, the health buckets and the share reporting', () => {
    const trends: FleetTrends = {
      ...EMPTY,
      weeks: weeks([[40, 0], ...Array(9).fill([0, 0]), [0, 42.5], [12.54, 0]]),
      hasHistory: true,
      health: {
        buckets: [
          { bucket: 'below70', vehicles: 1 },
          { bucket: 'from70', vehicles: 2 },
          { bucket: 'from80', vehicles: 0 },
          { bucket: 'from90', vehicles: 3 },
        ],
        withoutHealth: 1,
      },
      reporting: { vehicles: 7, reporting: 4, hours: 24 },
    };
    const html = renderToStaticMarkup(<TrendsContent trends={trends} />);
    const weekRows = html.slice(html.indexOf('data-testid="trends-weeks"')).split('</tbody>')[0].split('<tr').slice(2).map(text);
    expect(weekRows).toHaveLength(12);
    expect(weekRows[0]).toMatch(/Aug 24 40 km 0 kWh/);
    expect(weekRows[1]).toMatch(/Aug 31 0 km 0 kWh/);
    expect(weekRows[10]).toMatch(/Nov 2 0 km 42\.5 kWh/);
    expect(weekRows[11]).toMatch(/Nov 9 12\.5 km 0 kWh/);
    const health = text(html.slice(html.indexOf('data-testid="trends-health"')).split('</table>')[0]);
    expect(health).toContain('&lt; 70 % 1');
    expect(health).toContain('70–80 % 2');
    expect(health).toContain('80–90 % 0');
    expect(health).toContain('≥ 90 % 3');
    expect(health).toContain('1 vehicle has no battery health yet');
    expect(text(html)).toContain('57 % (4 of 7 vehicles reported in the last 24 hours)');
  });
});
