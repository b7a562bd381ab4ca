import { PlainTable } from '@/components/ui/plain-table';
import { EmptyState } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import type { LogbookEntry } from '@/lib/reports/logbook';

const right = (label: string) => ({ label, align: 'right' as const });
const km = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** The logbook's lines as a plain table that prints whole: no scroll box, rows never split across pages. */
export function LogbookTable({ entries, caption }: { entries: LogbookEntry[]; caption: string }) {
  if (entries.length === 0)
    return (
      <EmptyState title="No journey stored for this period">
        The history store holds no journey of this vehicle in the period; the report’s coverage line says whether it is gathered.
      </EmptyState>
    );
  return (
    <TableScroll label={caption} className="print:overflow-visible print:rounded-none print:border-0 print:shadow-none">
      <PlainTable
        caption={caption}
        className="print:text-xs"
        columns={['Date', 'Start', 'End', 'From', 'To', right('Distance (km)'), right('Odometer start (km)'), right('Odometer end (km)')]}
      >
        {entries.map((e) => (
          <tr key={e.journeyId} className="break-inside-avoid" data-testid="logbook-entry">
            <td className="px-3 py-2 whitespace-nowrap tabular">{e.date}</td>
            <td className="px-3 py-2 tabular">{e.startTime}</td>
            <td className="px-3 py-2 tabular">{e.endTime ?? '—'}</td>
            <td className="px-3 py-2 text-xs whitespace-nowrap tabular">{e.startPlace ?? '—'}</td>
            <td className="px-3 py-2 text-xs whitespace-nowrap tabular">{e.endPlace ?? '—'}</td>
            <td className="px-3 py-2 text-right tabular">{km(e.distanceKm)}</td>
            <td className="px-3 py-2 text-right tabular">{km(e.odometerStartKm)}</td>
            <td className="px-3 py-2 text-right tabular">{km(e.odometerEndKm)}</td>
          </tr>
        ))}
      </PlainTable>
    </TableScroll>
  );
}
