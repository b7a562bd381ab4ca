import type { ApiOperationView } from '@/lib/api-credentials/api-reference';
import type { DocumentedErrorCode } from '@/lib/errors/error-codes';
import { SectionCard } from '@/components/ui/card';
import { PlainTable } from '@/components/ui/plain-table';
import { TableScroll } from '@/components/ui/table-scroll';

const EXAMPLES = (org: string) => [
  {
    id: 'example-tag',
    title: 'List the vehicles with a tag',
    code: `curl -H "Authorization: Bearer $MOTORPOOL_KEY" \\\n  "$MOTORPOOL_URL/api/o/${org}/vehicles?tagKey=depot&tagValue=north&pageSize=100"`,
  },
  {
    id: 'example-command',
    title: 'Send a command once, then follow its execution',
    code:
      `curl -X POST -H "Authorization: Bearer $MOTORPOOL_KEY" -H "Content-Type: application/json" \\\n` +
      `  -H "Idempotency-Key: lock-van-17-2026-11-29" -d '{"command":"LOCK_DOORS"}' \\\n` +
      `  "$MOTORPOOL_URL/api/o/${org}/vehicles/$VEHICLE_ID/commands"\n` +
      `# A repeat with the same key answers the same execution. Then, until its status settles:\n` +
      `curl -H "Authorization: Bearer $MOTORPOOL_KEY" "$MOTORPOOL_URL/api/o/${org}/commands/$EXECUTION_ID"`,
  },
  {
    id: 'example-export',
    title: 'Export the command history',
    code: `curl -H "Authorization: Bearer $MOTORPOOL_KEY" -o commands.csv \\\n  "$MOTORPOOL_URL/api/o/${org}/commands/export"`,
  },
];

/** The console API's reference: common jobs, then every operation with its permission and inputs. */
export function ApiReference({
  org,
  operations,
  errorCodes,
}: {
  org: string;
  operations: ApiOperationView[];
  errorCodes: DocumentedErrorCode[];
}) {
  const sections = [...new Set(operations.map((o) => o.section))];
  return (
    <div className="space-y-6">
      <SectionCard
        id="api-examples-heading"
        title="Common jobs"
        description="Send an API credential's secret as a bearer token. Every error answers { error: { code, message, requestId } } (the request id is also the x-request-id header); invalid input adds fields: [{ path, message, in }]. Past a credential's rate, 429 with Retry-After."
      >
        {EXAMPLES(org).map((example) => (
          <section key={example.id} aria-labelledby={example.id} className="space-y-1">
            <h3 id={example.id} className="text-sm font-semibold">
              {example.title}
            </h3>
            <pre className="overflow-x-auto rounded-md bg-zinc-100 p-3 text-xs dark:bg-zinc-800" tabIndex={0}>
              <code>{example.code}</code>
            </pre>
          </section>
        ))}
        <p className="text-sm">
          The full document, with every schema:{' '}
          <a className="text-accent-700 underline dark:text-accent-100" href="/api/openapi.json">
            /api/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </p>
      </SectionCard>
      <ErrorCodes codes={errorCodes} />
      {sections.map((section) => (
        <SectionCard key={section} id={`api-section-${section}`} title={section}>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {operations
              .filter((o) => o.section === section)
              .map((o) => (
                <li key={`${o.method} ${o.path}`} className="space-y-1 py-2 text-sm">
                  <p className="flex flex-wrap items-baseline gap-2">
                    <span className="w-16 shrink-0 font-mono text-xs font-semibold">{o.method}</span>
                    <code className="min-w-0 text-xs break-all">{o.path}</code>
                  </p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    Needs <code>{o.permission}</code>
                    {o.parameters.length > 0
                      ? `; ${o.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}`
                      : ''}
                    {o.hasBody ? '; a JSON body' : ''}
                    {o.audit ? `; audited as ${o.audit}` : ''}
                  </p>
                </li>
              ))}
          </ul>
        </SectionCard>
      ))}
    </div>
  );
}

/** Every error code of the console with its HTTP status and meaning (the OpenAPI document's ErrorCode). */
function ErrorCodes({ codes }: { codes: DocumentedErrorCode[] }) {
  return (
    <SectionCard
      id="api-error-codes"
      title="Error codes"
      description="The error's code is stable: a program switches on it, never on the message. A code not listed here is the Vehicle API's own, passed through with its status."
    >
      <TableScroll label="Error codes" frame="bare">
        <PlainTable
          caption="Error codes"
          columns={['Code', 'Status', 'Meaning']}
          cellClassName="py-1 pr-3 last:pr-0"
          headClassName="text-xs text-zinc-600 dark:text-zinc-400"
        >
          {codes.map((c) => (
            <tr key={c.code} id={`error-${c.code}`}>
              <td className="py-1 pr-3 align-top">
                <code className="text-xs">{c.code}</code>
              </td>
              <td className="py-1 pr-3 align-top font-mono text-xs">{c.status}</td>
              <td className="py-1 align-top text-xs">{c.meaning}</td>
            </tr>
          ))}
        </PlainTable>
      </TableScroll>
    </SectionCard>
  );
}
