'use client';

import { ArrowRight } from 'lucide-react';
import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { Card, CardHeader } from '@/components/ui/card';
import type { Permission } from '@/lib/auth/permissions';

const filterLink = (filter: unknown) => `vehicles?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

const SHORTCUTS: { href: string; label: string; hint: string; permission: Permission }[] = [
  { href: 'vehicles#vehicle-search', label: 'Open a vehicle', hint: 'by VIN or id', permission: 'vehicles.read' },
  {
    href: filterLink({ field: 'isListening', operator: '==', value: false }),
    label: 'Vehicles not listening',
    hint: 'no data, commands fail',
    permission: 'vehicles.read',
  },
  {
    href: filterLink({ field: 'connectionStatus', operator: '==', value: 'PENDING_CONNECTION' }),
    label: 'Vehicles pending connection',
    hint: 'waiting on the OEM',
    permission: 'vehicles.read',
  },
  {
    href: 'vehicles?cols=vin,make,model,plate,tags',
    label: 'Vehicles with their tags',
    hint: 'tag and filter',
    permission: 'vehicles.read',
  },
  { href: 'accounts', label: 'OEM accounts', hint: 'tag or disconnect', permission: 'accounts.read' },
  { href: 'audit', label: 'Audit trail', hint: 'who changed what', permission: 'audit.read' },
];

/** Links to the common tasks; plain links, so the overview stays as fast as its one request. */
export function Shortcuts({ org }: { org: string }) {
  const allowed = {
    'vehicles.read': useCan('vehicles.read'),
    'accounts.read': useCan('accounts.read'),
    'audit.read': useCan('audit.read'),
  } as Partial<Record<Permission, boolean>>;
  const shown = SHORTCUTS.filter((s) => allowed[s.permission]);
  if (shown.length === 0) return null;
  return (
    <Card aria-labelledby="shortcuts-heading" className="mt-6">
      <CardHeader id="shortcuts-heading" title="Shortcuts" />
      <ul className="grid gap-px bg-zinc-200 sm:grid-cols-2 lg:grid-cols-3 dark:bg-zinc-800">
        {shown.map((s) => (
          <li key={s.href} className="bg-white dark:bg-zinc-900">
            <Link
              href={`/o/${org}/${s.href}`}
              className="group flex items-center justify-between gap-2 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800"
            >
              <span>
                <span className="block text-sm font-medium">{s.label}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{s.hint}</span>
              </span>
              <ArrowRight aria-hidden className="h-4 w-4 text-zinc-500 group-hover:translate-x-0.5" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
