'use client';

import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { Checkbox } from '@/components/ui/checkbox';
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
          <Checkbox
            label="Require two-step verification of admins and managers"
            checked={data.requireSecondFactor}
            disabled={requirement.isPending}
            onCheckedChange={setRequired}
            hint={
              <>
                One without it is sent to set it up at their next page and can do nothing else until then. Support staff are not asked. Set
                it up for yourself first, on{' '}
                <Link href="/profile/password#two-step" className="underline">
                  your account page
                </Link>
                .
              </>
            }
          />
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
