import { Plus } from 'lucide-react';
import { buttonClass } from './button';

/** "New …" at a list's head: a link down to the creation form below the list, not a second form. */
export function NewItemLink({ formHeadingId, children }: { formHeadingId: string; children: string }) {
  return (
    <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={`#${formHeadingId}`}>
      <Plus aria-hidden className="h-4 w-4" /> {children}
    </a>
  );
}
