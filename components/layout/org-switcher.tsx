'use client';

import { useRouter } from 'next/navigation';

export type OrgOption = { slug: string; name: string; role: string };

export function OrgSwitcher({ current, orgs }: { current: string; orgs: OrgOption[] }) {
  const router = useRouter();
  if (orgs.length <= 1) {
    const only = orgs[0];
    return <span className="min-w-0 truncate text-sm font-semibold">{only?.name ?? current}</span>;
  }
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="sr-only">Organization</span>
      <select
        value={current}
        onChange={(event) => router.push(`/o/${event.target.value}`)}
        className="w-full min-w-0 max-w-48 truncate rounded-md border border-zinc-300 bg-white px-2 py-1 font-semibold dark:border-zinc-700 dark:bg-zinc-900"
      >
        {orgs.map((org) => (
          <option key={org.slug} value={org.slug}>
            {org.name}
          </option>
        ))}
      </select>
    </label>
  );
}
