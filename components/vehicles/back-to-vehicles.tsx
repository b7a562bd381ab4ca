'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';

/** A link to the vehicle list of the organization in the URL, from any depth under it. */
export function BackToVehicles() {
  const { org } = useParams<{ org: string }>();
  return (
    <Link href={`/o/${org}/vehicles`} className="text-sm font-medium text-accent-700 underline dark:text-accent-100">
      Back to the vehicles
    </Link>
  );
}
