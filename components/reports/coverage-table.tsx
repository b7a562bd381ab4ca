import Link from 'next/link';
import { PlainTable } from '@/components/ui/plain-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { BACKFILL_STATUS_WORDS, backfillHref } from '@/lib/history/backfill';
import type { ReportCoverageRow, ReportView } from '@/lib/reports/report';
import type { Tone } from '@/lib/tone';

const numberCell = 'px-3 py-2 text-right whitespace-nowrap tabular';
const right = (label: string) => ({ label, align: 'right' as const });
const TONE: Record<NonNullable<ReportCoverageRow['backfill']>['status'], Tone> = {
  queued: 'pending',
  gathering: 'info',
  done: 'success',
  failed: 'danger',
};

/** A vehicle's backfill: its state when one was asked for, and the way to ask (the vehicle's page shows the cost first). */
function BackfillCell({ org, row, periodFrom }: { org: string; row: ReportCoverageRow; periodFrom: string }) {
  const b = row.backfill;
  const open = b && (b.status === 'queued' || b.status === 'gathering');
  return (
    <td className="px-3 py-2 text-xs" data-testid="coverage-backfill">
      {b ? (
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge tone={TONE[b.status]}>{BACKFILL_STATUS_WORDS[b.status]}</StatusBadge>
          <span className="tabular">from {b.from}</span>
          {b.reason ? <span className="block w-full text-red-800 dark:text-red-300">{b.reason}</span> : null}
        </span>
      ) : null}
      {row.reason && !open ? (
        <Link className="underline" href={backfillHref(org, row.vehicleId, periodFrom)}>
          Gather history…<span className="sr-only"> of {row.vehicleId}</span>
        </Link>
      ) : null}
    </td>
  );
}

/** Per vehicle: days with data, how far each kind is gathered, and its backfill. */
export function CoverageTable({ org, report }: { org: string; report: ReportView }) {
  const periodFrom = report.period.from.slice(0, 10);
  return (
    <TableScroll label="Coverage per vehicle" frame="outlined">
      <PlainTable caption="Coverage per vehicle" columns={['Vehicle', right('Days with data'), 'Journeys', 'Charging', 'Backfill']}>
        {report.coverageRows.map((c) => (
          <tr key={c.vehicleId} data-testid="coverage-row" data-vehicle-id={c.vehicleId}>
            <th scope="row" className="px-3 py-2 font-mono text-xs font-normal">
              {c.vehicleId}
            </th>
            <td className={numberCell}>
              {c.daysWithData} of {c.days}
            </td>
            <td className="px-3 py-2">{c.journeys}</td>
            <td className="px-3 py-2">{c.charging}</td>
            <BackfillCell org={org} row={c} periodFrom={periodFrom} />
          </tr>
        ))}
      </PlainTable>
    </TableScroll>
  );
}
