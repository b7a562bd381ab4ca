'use client';

import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Bar } from '@/components/ui/bar';
import { Button } from '@/components/ui/button';
import { CSV_HEADER, csvValues } from '@/lib/vehicles/vehicle-columns';
import { forEachVehiclePage } from '@/lib/vehicles/list-query';
import { errorText } from '@/components/list/error-text';

type Progress = { loaded: number; total: number | null };

/**
 * Everything the current filter matches, fetched page by page (100 at a time) by the browser:
 * that is what lets it show progress against `totalResults` and stop on Cancel between pages.
 */
export function ExportVehicles({ org, listQuery }: { org: string; listQuery: URLSearchParams }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setMessage(null);
    setProgress({ loaded: 0, total: null });
    let loaded = 0;
    try {
      // The CSV writer and the download load with the first export, not with the list.
      const [{ csvRow }, { downloadFile }] = await Promise.all([import('@/lib/csv'), import('@/lib/download')]);
      const parts = [csvRow(CSV_HEADER)];
      await forEachVehiclePage(
        org,
        listQuery,
        (page) => {
          for (const vehicle of page.items) parts.push(csvRow(csvValues(vehicle)));
          loaded += page.items.length;
          setProgress({ loaded, total: page.totalResults });
        },
        abort.signal,
      );
      downloadFile(`vehicles-${org}-${new Date().toISOString().slice(0, 10)}.csv`, parts);
      setMessage(`Exported ${loaded} vehicles.`);
    } catch (error) {
      if (abort.signal.aborted) setMessage(`Export cancelled after ${loaded} vehicles; nothing was saved.`);
      else setMessage(`The export stopped: ${errorText(error)}`);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {progress ? (
        <>
          <Bar
            role="progressbar"
            label="Export progress"
            value={progress.loaded}
            max={progress.total ?? undefined}
            valueText={`${progress.loaded} of ${progress.total ?? '?'} vehicles`}
            percent={percent}
            className="h-2 w-40"
            fillClassName="bg-accent-600 transition-[width]"
          />
          <span className="tabular text-xs text-zinc-600 dark:text-zinc-400">
            {progress.loaded} / {progress.total ?? '…'}
          </span>
          <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        </>
      ) : (
        <Button variant="secondary" size="sm" onClick={run}>
          <Download aria-hidden className="h-4 w-4" /> Export CSV
        </Button>
      )}
      {message ? (
        <p role="status" className="w-full text-xs text-zinc-600 dark:text-zinc-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
