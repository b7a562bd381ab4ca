'use client';

import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { QuerySectionCard } from '@/components/ui/query-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { toast } from '@/components/ui/toast';
import { useSetSecondFactorRequirement, useSettings } from '@/lib/settings/query';

/** Settings → Sign-in security: whether the organization's admins and managers must have a second factor. */
export function SecondFactorPanel({ org }: { org: string }) {
  const canWrite = useCan('settings.write');
  const settings = useSettings(org);
  const requirement = useSetSecondFactorRequirement(org);
  const setRequired = (required: boolean) =>
    requirement.mutate(required, {
      onSuccess: () =>
        toast.success(
          required
            ? 'Admins and managers without two-step verification are now asked to set it up before anything else.'
            : 'Two-step verification is no longer required.',
        ),
      onError: (error) => toast.error(error.message),
    });

  return (
    <QuerySectionCard
      id="sign-in-security-heading"
      title="Sign-in security"
      description="Two-step verification: a code from an authenticator app after the password."
      query={settings}
      loading="Loading sign-in security"
    >
      {(data) =>
        canWrite ? (
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={data.requireSecondFactor}
                disabled={requirement.isPending}
                onChange={(event) => setRequired(event.target.checked)}
              />
              <span>Require two-step verification of admins and managers</span>
            </label>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              One without it is sent to set it up at their next page and can do nothing else until then. Support staff are not asked. Set it
              up for yourself first, on{' '}
              <Link href="/profile/password#two-step" className="underline">
                your account page
              </Link>
              .
            </p>
          </div>
        ) : (
          <p className="text-sm">
            Two-step verification of admins and managers:{' '}
            {data.requireSecondFactor ? (
              <StatusBadge tone="success">required</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">not required</StatusBadge>
            )}
          </p>
        )
      }
    </QuerySectionCard>
  );
}
