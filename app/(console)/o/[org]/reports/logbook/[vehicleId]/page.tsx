import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PrintButton } from '@/components/reports/print-button';
import { LogbookTable } from '@/components/reports/logbook-table';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';
import { logbookParamsSchema, logbookQuerySchema } from '@/lib/reports/schemas';
import { readLogbook } from '@/lib/reports/server/export-report';
import * as z from '@/lib/validations/zod';

export const metadata: Metadata = { title: 'Mileage logbook' };

/** A vehicle's mileage logbook of a period, laid out to print (the console's frame is left off the paper). */
export default async function LogbookPage({ params, searchParams }: PageProps<'/o/[org]/reports/logbook/[vehicleId]'>) {
  const raw = await params;
  const access = await requireOrgPage(raw.org, 'reports.read');
  const parsedParams = z.safeParse(logbookParamsSchema, { org: raw.org, vehicleId: decodeURIComponent(raw.vehicleId) });
  const period = (await searchParams).period;
  const parsedQuery = z.safeParse(logbookQuerySchema, { period: typeof period === 'string' ? period : undefined });
  if (!parsedParams.success || !parsedQuery.success) notFound();
  const logbook = await readLogbook(access, parsedParams.data.vehicleId, parsedQuery.data);
  const name = logbook.plate ?? logbook.vin ?? logbook.vehicleId;
  return (
    <article className="space-y-4 print:text-black">
      <PageHeader
        title={`Mileage logbook · ${name}`}
        description={`${logbook.period.label} · VIN ${logbook.vin ?? 'unknown'} · times in UTC · ${logbook.entries.length} journeys, ${logbook.totalKm.toFixed(1)} km`}
      />
      <div className="flex flex-wrap gap-2 print:hidden">
        <PrintButton />
        <Link
          className="self-center text-sm underline"
          href={`/o/${encodeURIComponent(raw.org)}/reports?period=${encodeURIComponent(logbook.period.key)}`}
        >
          Back to the report
        </Link>
      </div>
      <LogbookTable entries={logbook.entries} caption={`Journeys of ${name}, ${logbook.period.label}, oldest first`} />
    </article>
  );
}
