'use client';

import { Distance } from '@/components/ui/units';
import { AlertOctagon, AlertTriangle, Info, Wrench } from 'lucide-react';
import { EmptyState } from '@/components/ui/states';
import { PlainTable } from '@/components/ui/plain-table';
import { StatusBadge } from '@/components/ui/status-badge';
import type { Tone } from '@/lib/tone';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { useNow } from '@/lib/hooks/use-now';
import { figureText, humanize } from '@/lib/format/figures';
import { serviceStatusLook, serviceTypeLabel } from '@/lib/vehicle-data/services';
import { weeklyWindows, windowText, type ScheduledWindow } from '@/lib/vehicle-data/charging-windows';
import { weeklySchedule } from '@/lib/vehicle-data/departures';
import type {
  AlertsResponse,
  ChargingWindowsResponse,
  DepartureTimesResponse,
  ManufacturerAlert,
  MaintenanceService,
  ServicesResponse,
} from '@/lib/vehicle-data/types';
import { DataCard } from './data-card';
import { RawView } from './raw-view';
import { SectionError } from '@/components/list/section-error';
import { LazyTireHistoryCard } from './lazy-url-state';
import { useVehicleData } from '@/lib/vehicle-data/query';

const DAY_MS = 86_400_000;

/** Severity as colour, icon and word together (never colour alone). */
const SEVERITY: Record<string, { tone: Tone; icon: typeof Info }> = {
  CRITICAL: { tone: 'danger', icon: AlertOctagon },
  HIGH: { tone: 'danger', icon: AlertTriangle },
  MEDIUM: { tone: 'pending', icon: AlertTriangle },
  LOW: { tone: 'info', icon: Info },
};

function dueText(service: MaintenanceService, now: number): { text: string; overdue: boolean } | null {
  if (!service.dateOfNextServiceAt) return null;
  const days = Math.round((Date.parse(service.dateOfNextServiceAt) - now) / DAY_MS);
  if (Number.isNaN(days)) return null;
  if (days < 0) return { text: `overdue by ${-days} day${days === -1 ? '' : 's'}`, overdue: true };
  return { text: days === 0 ? 'due today' : `in ${days} day${days === 1 ? '' : 's'}`, overdue: false };
}

/** Kilometres arrive as decimal strings [V], read as numbers by the client; anything else as it came. */
const kmText = (value: string | number | null | undefined) =>
  typeof value === 'number' ? <Distance value={value} digits={0} /> : figureText(value, 'km', 0);

function ServicesCard({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<ServicesResponse>(org, vehicleId, 'maintenance/services');
  const now = useNow(60_000);
  return (
    <DataCard
      id="services"
      title="Recommended services"
      description="What the manufacturer recommends next, by date or by distance."
      query={query}
      empty={{ when: ({ services }) => services.length === 0, text: 'The manufacturer recommends no service for this vehicle right now.' }}
    >
      {({ services }) => (
        <TableScroll label="Recommended services">
          <PlainTable
            caption="Recommended services"
            columns={['Service', 'Status', 'Due', { label: 'Distance to go', align: 'right' }, 'Last service']}
          >
            {services.map((service, i) => {
              const due = dueText(service, now);
              const status = serviceStatusLook(service.status);
              return (
                <tr key={`${service.component}-${service.type}-${i}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {serviceTypeLabel(service.type)}
                    <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">{humanize(service.component)}</span>
                  </th>
                  <td className="px-3 py-2">
                    {due?.overdue ? (
                      <StatusBadge tone="danger">Overdue</StatusBadge>
                    ) : (
                      <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {service.dateOfNextServiceAt ? (
                      <>
                        <Time value={service.dateOfNextServiceAt} dateOnly />
                        {due ? (
                          <span
                            className={`block text-xs ${due.overdue ? 'text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400'}`}
                          >
                            {due.text}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      <span className="text-zinc-500 dark:text-zinc-400">No date</span>
                    )}
                  </td>
                  <td className="tabular px-3 py-2 text-right whitespace-nowrap">{kmText(service.kmToNextService)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {service.dateOfLastServiceAt ? (
                      <Time value={service.dateOfLastServiceAt} dateOnly />
                    ) : (
                      <span className="text-zinc-500 dark:text-zinc-400">Not reported</span>
                    )}
                    {service.odometerKmAtLastService != null && service.odometerKmAtLastService !== '' ? (
                      <span className="tabular block text-xs text-zinc-600 dark:text-zinc-400">
                        at {kmText(service.odometerKmAtLastService)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </PlainTable>
        </TableScroll>
      )}
    </DataCard>
  );
}

function AlertItem({ alert }: { alert: ManufacturerAlert }) {
  const severity = SEVERITY[alert.severity ?? ''] ?? { tone: 'neutral' as Tone, icon: Info };
  const doNotDrive = alert.recommendedAction === 'DO_NOT_DRIVE';
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={severity.tone} icon={severity.icon}>
          {humanize(alert.severity) || 'Unknown severity'}
        </StatusBadge>
        <span className="font-medium">{alert.mappedMessage || alert.oemMessage || alert.mappedCode || alert.oemCode || 'Alert'}</span>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {[humanize(alert.type), humanize(alert.affectedComponent), alert.oemCode ? `code ${alert.oemCode}` : null]
          .filter(Boolean)
          .join(' · ')}
        {alert.timestamp ? (
          <>
            {' · raised '}
            <Time value={alert.timestamp} />
          </>
        ) : null}
      </p>
      {alert.recommendedAction && alert.recommendedAction !== 'NONE' ? (
        <p className={`flex items-center gap-1 text-sm ${doNotDrive ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
          <Wrench aria-hidden className="h-3.5 w-3.5" /> Recommended: {humanize(alert.recommendedAction)}
        </p>
      ) : null}
    </li>
  );
}

function AlertsCard({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<AlertsResponse>(org, vehicleId, 'maintenance/alerts');
  return (
    <DataCard
      id="alerts"
      title="Manufacturer alerts"
      description="Raised by the vehicle itself and active now."
      query={query}
      empty={{ when: ({ alerts }) => alerts.length === 0, text: 'No active alert: the vehicle reports nothing wrong right now.' }}
    >
      {({ alerts }) => (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Active manufacturer alerts">
          {alerts.map((alert, i) => (
            <AlertItem key={`${alert.oemCode}-${i}`} alert={alert} />
          ))}
        </ul>
      )}
    </DataCard>
  );
}

const DAY_NAMES: Record<string, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

const chipClass = 'tabular rounded-md px-2 py-0.5';

/** The charging windows of one day: their times, or why there are none to show. */
function WindowsCell({ windows, state }: { windows: ScheduledWindow[]; state: 'ready' | 'loading' | 'failed' }) {
  if (state === 'loading') return <span className="text-zinc-500 dark:text-zinc-400">Loading…</span>;
  if (state === 'failed') return <span className="text-zinc-500 dark:text-zinc-400">Not available</span>;
  if (windows.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">No window</span>;
  return (
    <span className="flex flex-wrap gap-1.5">
      {windows.map((w) => (
        <span
          key={`${w.start}-${w.end}`}
          className={`${chipClass} bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100`}
        >
          {windowText(w)}
          {w.offset ? <span className="text-xs text-zinc-600 dark:text-zinc-400"> {w.offset}</span> : null}
        </span>
      ))}
    </span>
  );
}

/**
 * Departure times and charging windows on one weekly grid: when the vehicle must be ready, and
 * when it may charge. Windows come from a separate call that needs the charging-history consent;
 * when it fails the grid still shows the departures and says why the windows are missing.
 */
function DeparturesCard({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<DepartureTimesResponse>(org, vehicleId, 'departure-times');
  const windowsQuery = useVehicleData<ChargingWindowsResponse>(org, vehicleId, 'charging-windows');
  const windowsState = windowsQuery.isPending ? 'loading' : windowsQuery.isError ? 'failed' : 'ready';
  const windowsByDay = new Map(weeklyWindows(windowsQuery.data?.chargingWindows ?? []).map((d) => [d.day, d.windows]));
  const noWindows = windowsState === 'ready' && [...windowsByDay.values()].every((w) => w.length === 0);
  return (
    <DataCard
      id="departures"
      title="Departures and charging windows"
      description="When the vehicle must be charged by, and when it may charge, each week, in the vehicle's local time."
      query={query}
    >
      {({ departureTimes }) => (
        <div className="space-y-3">
          {departureTimes.length === 0 && noWindows ? (
            <EmptyState title="No departure times or charging windows set">
              Charging is not planned around a departure or a tariff. Both are set in the vehicle or the manufacturer&apos;s app.
            </EmptyState>
          ) : (
            <TableScroll label="Weekly departure and charging schedule">
              <PlainTable
                caption="Weekly departure and charging schedule"
                columns={['Day', 'Departures', 'Charging windows']}
                cellClassName="py-1.5 pr-3 last:pr-0"
              >
                {weeklySchedule(departureTimes).map(({ day, departures }) => (
                  <tr key={day}>
                    <th scope="row" className="w-32 py-1.5 pr-3 font-medium">
                      {DAY_NAMES[day]}
                    </th>
                    <td className="py-1.5 pr-3">
                      {departures.length === 0 ? (
                        <span className="text-zinc-500 dark:text-zinc-400">No departure</span>
                      ) : (
                        <span className="flex flex-wrap gap-1.5">
                          {departures.map((d) => (
                            <span key={d.time} className={`${chipClass} bg-accent-50 text-accent-700 dark:bg-zinc-800 dark:text-zinc-100`}>
                              {d.time}
                              {d.offset ? <span className="text-xs text-zinc-600 dark:text-zinc-400"> {d.offset}</span> : null}
                            </span>
                          ))}
                        </span>
                      )}
                    </td>
                    <td className="py-1.5">
                      <WindowsCell windows={windowsByDay.get(day) ?? []} state={windowsState} />
                    </td>
                  </tr>
                ))}
              </PlainTable>
            </TableScroll>
          )}
          {windowsQuery.isError ? (
            <SectionError error={windowsQuery.error} title="Charging windows could not be loaded" onRetry={() => windowsQuery.refetch()} />
          ) : null}
          {windowsQuery.data ? <RawView meta={windowsQuery.data} label="Charging windows" /> : null}
        </div>
      )}
    </DataCard>
  );
}

/** Services, alerts, tire pressures over time and the departure schedule of one vehicle. */
export function MaintenanceView({ org, vehicleId }: { org: string; vehicleId: string }) {
  return (
    <div className="space-y-6">
      <AlertsCard org={org} vehicleId={vehicleId} />
      <ServicesCard org={org} vehicleId={vehicleId} />
      <LazyTireHistoryCard org={org} vehicleId={vehicleId} />
      <DeparturesCard org={org} vehicleId={vehicleId} />
    </div>
  );
}
