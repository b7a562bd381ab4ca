import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The charts measure their box in the browser; here every box is 400 × 240.
vi.mock('@/components/charts/use-chart-size', () => ({ useChartSize: () => ({ measure: () => {}, width: 400, height: 240 }) }));
const { JourneysChart } = await import('./journeys-chart');
const { ChargingChart } = await import('./charging-chart');
const { TireChart } = await import('./tire-chart');
const { TrendsCharts } = await import('@/components/overview/trends-charts');
const { ReportCharts } = await import('@/components/reports/report-charts');

const count = (html: string, attribute: string) => html.split(attribute).length - 1;

describe('the charts drawn with the kit', () => {
  it('journeys: a distance and an energy bar per day driven, energy on the right axis, with the legend', () => {
    const html = renderToStaticMarkup(
      <JourneysChart
        days={[
          { day: '2026-11-01', count: 2, distanceKm: 40, energyKwh: 8 },
          { day: '2026-11-02', count: 0, distanceKm: 0, energyKwh: 0 },
          { day: '2026-11-03', count: 1, distanceKm: 12, energyKwh: 2.5 },
        ]}
      />,
    );
    expect(count(html, 'data-chart-bar')).toBe(4);
    expect(html).toContain('Distance (km, left axis)</li>');
    expect(html).toContain('Energy used (kWh, right axis)</li>');
    expect(html).toMatch(/text-anchor="start"[^]*>8<\/text>/);
  });

  it('charging: a bar per known energy of each session, ticks in kWh', () => {
    const html = renderToStaticMarkup(
      <ChargingChart
        sessions={[
          { id: 'a', startedAt: '2026-11-01T10:00:00Z', fromGridKwh: 30, intoBatteryKwh: 27, lossKwh: 3 },
          { id: 'b', startedAt: '2026-11-02T10:00:00Z', fromGridKwh: null, intoBatteryKwh: 12, lossKwh: null },
        ]}
      />,
    );
    expect(count(html, 'data-chart-bar')).toBe(3);
    expect(html).toContain('30\u00a0kWh</text>');
  });

  it('tires: the mean as a line and, per day, the range as a band', () => {
    const bucket = (key: string, mean: number | null) => ({
      key,
      start: `${key}T00:00:00Z`,
      readings: 24,
      frontLeft: mean === null ? null : { min: mean - 2, mean, max: mean + 2 },
      frontRight: null,
      rearLeft: null,
      rearRight: null,
    });
    const props = { tire: 'frontLeft' as const, domain: [230, 250] as [number, number], ticks: [230, 240, 250] };
    const buckets = [bucket('2026-11-01', 240), bucket('2026-11-02', 241), bucket('2026-11-03', null), bucket('2026-11-04', 239)];
    const daily = renderToStaticMarkup(<TireChart buckets={buckets} size="day" {...props} />);
    expect(daily).toContain('data-chart-line');
    expect(daily).toContain('data-chart-band');
    expect(daily).toContain('250\u00a0kPa</text>');
    expect(renderToStaticMarkup(<TireChart buckets={buckets} size="hour" {...props} />)).not.toContain('data-chart-band');
  });

  it('overview trends: one bar per week with distance, none for a zero', () => {
    const points = [3.2, 0, 14.5, 0.1].map((value, i) => ({ start: `2026-11-${String(2 + i * 7).padStart(2, '0')}`, value }));
    const html = renderToStaticMarkup(
      <TrendsCharts series={[{ key: 'distance', label: 'Distance', unit: 'km', color: 'primary', points }]} />,
    );
    expect(count(html, 'data-chart-bar')).toBe(3);
  });

  it('reports: one chart per figure, whole-number ticks for counts', () => {
    const day = (d: string, journeys: number) => ({
      day: d,
      distanceKm: journeys * 10,
      drivingSeconds: journeys * 1800,
      journeys,
      energyChargedKwh: 0,
      chargingSessions: 0,
    });
    const html = renderToStaticMarkup(<ReportCharts days={[day('2026-11-01', 1), day('2026-11-02', 2)]} />);
    expect(count(html, '<svg')).toBe(5);
    // Journeys (1 and 2) and distance (10 and 20) and driving time (0.5 and 1 h): six bars; nothing charged.
    expect(count(html, 'data-chart-bar')).toBe(6);
    const journeys = html.split('<figure').find((f) => f.includes('Journeys</figcaption>'))!;
    expect(journeys).not.toMatch(/>\d+\.\d+<\/text>/);
  });
});
