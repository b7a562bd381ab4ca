'use client';

import { ClipboardCopy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadFile } from '@/lib/download';
import { fetchSupportBundle } from '@/lib/vehicles/query';
import { supportBundleFileName } from '@/lib/support/support-bundle';

type Of = { vehicleId: string } | { executionId: string };

/**
 * "Copy support bundle" and its download: one JSON about the vehicle (or the execution's vehicle)
 * that support can read, built by the server at each press. `compact` gives two icon buttons for a table row.
 */
export function SupportBundleActions({ org, of, compact = false }: { org: string; of: Of; compact?: boolean }) {
  const [busy, setBusy] = useState<'copy' | 'download' | null>(null);
  const subject = 'vehicleId' in of ? 'this vehicle' : `execution ${of.executionId}`;

  async function run(action: 'copy' | 'download') {
    setBusy(action);
    try {
      const bundle = await fetchSupportBundle(org, of);
      const text = JSON.stringify(bundle, null, 2);
      if (action === 'copy') {
        await navigator.clipboard.writeText(text);
        toast.success('Support bundle copied: paste it into your support request.');
      } else {
        downloadFile(supportBundleFileName(bundle), [text], 'application/json');
      }
    } catch (error) {
      toast.error(`The support bundle could not be ${action === 'copy' ? 'copied' : 'downloaded'}: ${(error as Error).message}`);
    } finally {
      setBusy(null);
    }
  }

  if (compact) {
    return (
      <span className="inline-flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Copy support bundle of ${subject}`}
          title="Copy support bundle"
          disabled={busy !== null}
          onClick={() => run('copy')}
        >
          <ClipboardCopy aria-hidden className="h-4 w-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Download support bundle of ${subject}`}
          title="Download support bundle"
          disabled={busy !== null}
          onClick={() => run('download')}
        >
          <Download aria-hidden className="h-4 w-4" />
        </Button>
      </span>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => run('copy')}>
        <ClipboardCopy aria-hidden className="mr-1.5 h-4 w-4" />
        {busy === 'copy' ? 'Copying…' : 'Copy support bundle'}
      </Button>
      <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => run('download')} aria-label="Download support bundle">
        <Download aria-hidden className="mr-1.5 h-4 w-4" />
        {busy === 'download' ? 'Preparing…' : 'Download'}
      </Button>
    </div>
  );
}
