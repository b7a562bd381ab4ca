'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { EmptyState } from '@/components/ui/states';

export default function CheckNotFound() {
  const list = usePathname().replace(/\/[^/]*$/, '');
  return (
    <EmptyState title="No such eligibility check">
      It may belong to another organization, or the address is incomplete.{' '}
      <Link className="underline" href={list}>
        See all checks
      </Link>
      .
    </EmptyState>
  );
}
