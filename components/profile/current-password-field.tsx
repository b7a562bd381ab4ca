import type { ComponentProps } from 'react';
import { Field } from '@/components/ui/field';

/**
 * The person's current password, asked before a change to how they sign in. The hidden username
 * beside it lets a password manager offer the saved password for this account.
 */
export function CurrentPasswordField({ email, ...field }: { email: string } & Omit<ComponentProps<typeof Field>, 'type' | 'autoComplete'>) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field type="password" autoComplete="current-password" {...field} />
    </>
  );
}
