import Link from 'next/link';
import { EmptyState } from '@/components/ui/states';

export default function AccountNotFound() {
  return (
    <EmptyState
      title="No such account"
      action={
        <Link href="../accounts" className="text-sm font-medium text-accent-700 underline dark:text-accent-100">
          Back to the accounts
        </Link>
      }
    >
      It may have been disconnected, or the link is wrong.
    </EmptyState>
  );
}
