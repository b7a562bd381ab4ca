import Link from 'next/link';
import { EmptyState } from '@/components/ui/states';

export default function CheckNotFound() {
  return (
    <EmptyState title="No such eligibility check">
      It may belong to another organization, or the address is incomplete. {/* From /o/{org}/eligibility/{checkId}: the list of checks. */}
      <Link className="underline" href="../eligibility">
        See all checks
      </Link>
      .
    </EmptyState>
  );
}
