import Link from 'next/link';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The header of one record's page: the list it belongs to, its name, what follows the name, and its actions (children). */
export function RecordHeader({
  parent,
  title,
  details,
  children,
}: {
  parent: { href: string; label: string };
  title: ReactNode;
  details?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link href={parent.href} className="hover:underline">
            {parent.label}
          </Link>{' '}
          /
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        {details}
      </div>
      {children}
    </div>
  );
}
