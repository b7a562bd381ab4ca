/**
 * Platform alerts as the inbox shows them: one flat view per alert, sorted so that what needs a
 * person comes first (active before resolved, unmuted before muted, then severity, then newest).
 */

export const SEVERITY_RANK: Record<string, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** How long one read of a vehicle's alerts is served before the upstream is asked again. */
export const ALERTS_TTL_MS = 15 * 60_000;

/** Who of the team ticked a resolution step, and when (kept in Motorpool's database, per alert). */
export type AlertStepTickView = { by: string; at: string };
export type AlertStepView = { key: string; text: string; tick: AlertStepTickView | null };
export type PlatformAlertView = {
  /** The upstream id, or one derived from the vehicle, definition and time when the service sends none. */
  id: string;
  vehicleId: string;
  title: string;
  description: string | null;
  code: string | null;
  category: string | null;
  severity: string | null;
  status: string | null;
  muted: boolean;
  createdAt: string | null;
  resolvedAt: string | null;
  steps: AlertStepView[];
};

export type AlertsReadMeta = { fetchedAt: string; requestId: string | null; cached: boolean };
/** The vehicle inbox route's answer: the alerts of the last read, and when it was made. */
export type VehicleAlertsResponse = {
  alerts: PlatformAlertView[];
  read: AlertsReadMeta;
  requestId: string | null;
  durationMs: number | null;
};

export type FleetAlertView = PlatformAlertView & { vehicle: { id: string; label: string; vin: string | null } };
/** The fleet inbox route's answer. */
export type FleetAlertsResponse = {
  alerts: FleetAlertView[];
  vehicles: number;
  /** Vehicles not read yet (or stale): the page asks again while there are some. */
  pending: number;
  failed: { vehicleId: string; label: string; message: string }[];
  oldestReadAt: string | null;
  /** Vehicles whose alerts this request read from the upstream. */
  vehiclesRead: number;
};

type StepIn = { order?: number | null; title?: string | null; description?: string | null };
export type AlertIn = {
  id?: string | null;
  vehicleId?: string | null;
  status?: string | null;
  muted?: boolean | null;
  currentSeverity?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  resolvedAt?: string | null;
  definition?: { code?: string | null; name?: string | null; description?: string | null; category?: string | null } | null;
  resolutions?: Array<{ title?: string | null; steps?: StepIn[] | null }> | null;
};

/** The resolution steps of every resolution, in their published order; each with a key stable across reads. */
function stepsOf(alert: AlertIn): AlertStepView[] {
  const steps: AlertStepView[] = [];
  (alert.resolutions ?? []).forEach((resolution, r) => {
    const ordered = [...(resolution.steps ?? [])]
      .map((step, i) => ({ step, i }))
      .sort((a, b) => (a.step.order ?? a.i) - (b.step.order ?? b.i));
    for (const { step, i } of ordered) {
      const text = [step.title, step.description].filter(Boolean).join(': ');
      if (text) steps.push({ key: `${r}.${step.order ?? i}`, text, tick: null });
    }
  });
  return steps;
}

export function toAlertView(alert: AlertIn, vehicleId: string): PlatformAlertView {
  const code = alert.definition?.code ?? null;
  return {
    id: alert.id ?? `${vehicleId}:${code ?? 'alert'}:${alert.createdAt ?? ''}`,
    vehicleId: alert.vehicleId ?? vehicleId,
    title: alert.definition?.name || code || 'Alert',
    description: alert.definition?.description ?? null,
    code,
    category: alert.definition?.category ?? null,
    severity: alert.currentSeverity ?? null,
    status: alert.status ?? null,
    muted: alert.muted === true,
    createdAt: alert.createdAt ?? null,
    resolvedAt: alert.resolvedAt ?? null,
    steps: stepsOf(alert),
  };
}

export function compareAlerts(a: PlatformAlertView, b: PlatformAlertView): number {
  const active = (v: PlatformAlertView) => (v.status === 'RESOLVED' ? 1 : 0);
  const rank = (v: PlatformAlertView) => SEVERITY_RANK[v.severity ?? ''] ?? 4;
  return (
    active(a) - active(b) || Number(a.muted) - Number(b.muted) || rank(a) - rank(b) || (b.createdAt ?? '').localeCompare(a.createdAt ?? '')
  );
}

export type AlertFilter = { status: 'active' | 'resolved' | 'all'; showMuted: boolean; severity: string | null };

export function filterAlerts<T extends PlatformAlertView>(alerts: readonly T[], filter: AlertFilter): T[] {
  return alerts.filter(
    (a) =>
      (filter.status === 'all' || (filter.status === 'resolved' ? a.status === 'RESOLVED' : a.status !== 'RESOLVED')) &&
      (filter.showMuted || !a.muted) &&
      (!filter.severity || a.severity === filter.severity),
  );
}

/** Counts for the inbox's heading: active alerts that are not muted, by severity. */
export function countOpen(alerts: readonly PlatformAlertView[]): { total: number; bySeverity: Record<string, number> } {
  const bySeverity: Record<string, number> = {};
  let total = 0;
  for (const a of alerts) {
    if (a.status === 'RESOLVED' || a.muted) continue;
    total += 1;
    const key = a.severity ?? 'UNKNOWN';
    bySeverity[key] = (bySeverity[key] ?? 0) + 1;
  }
  return { total, bySeverity };
}

/** The team's ticks put on the alerts' steps (a tick of a step the alert no longer lists is left out). */
export function withTicks<A extends PlatformAlertView>(
  alerts: A[],
  ticks: readonly { vehicleId: string; alertId: string; stepKey: string; by: string; at: Date }[],
): A[] {
  if (ticks.length === 0) return alerts;
  const byStep = new Map(ticks.map((t) => [`${t.vehicleId}\u0000${t.alertId}\u0000${t.stepKey}`, t]));
  return alerts.map((alert) => ({
    ...alert,
    steps: alert.steps.map((step) => {
      const tick = byStep.get(`${alert.vehicleId}\u0000${alert.id}\u0000${step.key}`);
      return tick ? { ...step, tick: { by: tick.by, at: tick.at.toISOString() } } : step;
    }),
  }));
}
