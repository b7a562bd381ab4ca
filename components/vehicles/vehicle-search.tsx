'use client';

import { Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LookupInput } from '@/components/ui/field';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lookUpVehicle } from '@/lib/vehicles/list-query';

/** Search by VIN, plate or id: opens the vehicle directly instead of filtering the list. */
export function VehicleSearch({ org }: { org: string }) {
  const router = useRouter();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (!text) return;
    setBusy(true);
    setError(null);
    try {
      const { vehicleId } = await lookUpVehicle(org, text);
      router.push(`/o/${org}/vehicles/${encodeURIComponent(vehicleId)}`);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : 'The search failed. Try again.');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Open a vehicle" className="min-w-0 space-y-1">
      <div className="flex min-w-0 gap-2">
        <LookupInput
          id="vehicle-search"
          className="min-w-0"
          label="VIN, plate or vehicle id"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          <Search aria-hidden className="h-4 w-4" /> Open
        </Button>
      </div>
      {error ? (
        <p id="vehicle-search-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
