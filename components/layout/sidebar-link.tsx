import Link from 'next/link';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A link of the sidebar (a section or a saved view): marked as the current page and highlighted while active. */
export function SidebarLink({
  href,
  active,
  onNavigate,
  className,
  children,
}: {
  href: string;
  active: boolean;
  onNavigate?: () => void;
  /** Its layout and spacing; the colours are the sidebar's. */
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'rounded-md text-sm',
        className,
        active
          ? 'bg-accent-50 text-accent-700 dark:bg-zinc-800 dark:text-white'
          : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
      )}
    >
      {children}
    </Link>
  );
}
