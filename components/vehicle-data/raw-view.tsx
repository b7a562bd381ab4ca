'use client';

import { Braces } from 'lucide-react';
import { useId, useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import type { UpstreamMeta } from '@/lib/vehicle-data/types';

function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString()} ms`;
}

/**
 * The upstream call behind a section: its request id and duration for everyone (a support ticket
 * needs them), and, for those with `raw.read`, the exact JSON the Vehicle API returned.
 */
export function RawView({ meta, label }: { meta: UpstreamMeta; label: string }) {
  const canReadRaw = useCan('raw.read');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hasRaw = canReadRaw && 'raw' in meta;
  const duration = formatDuration(meta.durationMs);
  const json = open && hasRaw ? JSON.stringify(meta.raw, null, 2) : '';
  return (
    <div className="border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {meta.requestId ? (
          <span className="inline-flex items-center gap-1">
            Request id <span className="font-mono text-zinc-800 dark:text-zinc-200">{meta.requestId}</span>
            <CopyButton value={meta.requestId} label={`Copy the request id of ${label}`} />
          </span>
        ) : (
          <span>No request id reported</span>
        )}
        {duration ? <span className="tabular">took {duration}</span> : null}
        {hasRaw ? (
          <Button
            variant="ghost"
            size="xs"
            className="ml-auto"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            <Braces aria-hidden className="h-3.5 w-3.5" />
            {open ? 'Hide raw response' : 'Raw response'}
          </Button>
        ) : null}
      </div>
      {hasRaw && open ? (
        <div id={panelId} className="mt-2 space-y-1">
          <div className="flex items-center justify-between gap-2">
            <p>Exactly what the Vehicle API returned for {label.toLowerCase()}:</p>
            <span className="inline-flex items-center gap-1">
              Copy JSON
              <CopyButton value={json} label={`Copy the raw response of ${label}`} />
            </span>
          </div>
          <pre
            role="region"
            aria-label={`Raw response of ${label}`}
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-md bg-zinc-100 p-3 font-mono text-xs text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
          >
            {json}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
