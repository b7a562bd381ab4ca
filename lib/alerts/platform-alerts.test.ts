import { describe, expect, it } from 'vitest';
import { compareAlerts, countOpen, filterAlerts, toAlertView, type PlatformAlertView } from './platform-alerts';

const view = (over: Partial<PlatformAlertView>): PlatformAlertView => ({
  id: 'a',
  vehicleId: 'v',
  title: 't',
  description: null,
  code: null,
  category: null,
  severity: 'LOW',
  status: 'ACTIVE',
  muted: false,
  createdAt: '2026-11-20T00:00:00Z',
  resolvedAt: null,
  steps: [],
  ...over,
});

describe('toAlertView', () => {
  it('orders steps by their order, joins title and description, and names the alert after its definition', () => {
    const v = toAlertView(
      {
        id: 'alr_1',
        currentSeverity: 'HIGH',
        status: 'ACTIVE',
        muted: null,
        definition: { code: 'LOW_SOC', name: 'Low charge' },
        resolutions: [
          { steps: [{ order: 2, description: 'second' }, { order: 1, title: 'Plug in', description: 'first' }, { description: '' }] },
        ],
      },
      'veh_1',
    );
    expect(v).toMatchObject({ id: 'alr_1', vehicleId: 'veh_1', title: 'Low charge', severity: 'HIGH', muted: false });
    expect(v.steps.map((s) => s.text)).toEqual(['Plug in: first', 'second']);
    expect(new Set(v.steps.map((s) => s.key)).size).toBe(2);
  });

  it('derives a stable id when the service sends none, and falls back to the code for a title', () => {
    const input = { definition: { code: 'X' }, createdAt: '2026-11-20T00:00:00Z' };
    expect(toAlertView(input, 'veh_1').id).toBe(toAlertView(input, 'veh_1').id);
    expect(toAlertView(input, 'veh_1').title).toBe('X');
    expect(toAlertView({}, 'veh_1').title).toBe('Alert');
  });
});

describe('the inbox order and filters', () => {
  it('puts active before resolved, unmuted before muted, then severity, then newest', () => {
    const list = [
      view({ id: 'resolved', status: 'RESOLVED', severity: 'CRITICAL' }),
      view({ id: 'muted', muted: true, severity: 'CRITICAL' }),
      view({ id: 'low', severity: 'LOW' }),
      view({ id: 'critical-old', severity: 'CRITICAL', createdAt: '2026-11-01T00:00:00Z' }),
      view({ id: 'critical-new', severity: 'CRITICAL', createdAt: '2026-11-21T00:00:00Z' }),
      view({ id: 'odd', severity: 'BLOCKING' }),
    ];
    expect([...list].sort(compareAlerts).map((a) => a.id)).toEqual(['critical-new', 'critical-old', 'low', 'odd', 'muted', 'resolved']);
  });

  it('filters by status, muted and severity, and counts only active unmuted alerts', () => {
    const list = [
      view({ id: '1' }),
      view({ id: '2', muted: true }),
      view({ id: '3', status: 'RESOLVED' }),
      view({ id: '4', severity: 'HIGH' }),
    ];
    expect(filterAlerts(list, { status: 'active', showMuted: false, severity: null }).map((a) => a.id)).toEqual(['1', '4']);
    expect(filterAlerts(list, { status: 'active', showMuted: true, severity: null }).map((a) => a.id)).toEqual(['1', '2', '4']);
    expect(filterAlerts(list, { status: 'resolved', showMuted: true, severity: null }).map((a) => a.id)).toEqual(['3']);
    expect(filterAlerts(list, { status: 'all', showMuted: true, severity: 'HIGH' }).map((a) => a.id)).toEqual(['4']);
    expect(countOpen(list)).toEqual({ total: 2, bySeverity: { LOW: 1, HIGH: 1 } });
  });
});
