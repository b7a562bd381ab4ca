'use client';

import { Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { useEndSession, useSignedInSessions } from '@/lib/profile/query';
import type { DeviceKind, SignedInSessionView } from '@/lib/profile/sessions';
import { endThisSession } from '@/lib/profile/sign-out';
import { ApiClientError } from '@/lib/query/api-fetch';

const ICONS: Record<DeviceKind, typeof Monitor> = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: MonitorSmartphone };

function SessionRow({ session, onEnd }: { session: SignedInSessionView; onEnd: (session: SignedInSessionView) => Promise<void> }) {
  const Icon = ICONS[session.deviceKind];
  const where = session.address ? ` at ${session.address}` : '';
  return (
    <li className="flex items-start gap-3 py-3" data-testid="signed-in-session">
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="break-words">{session.device}</span>
          {session.thisDevice ? <StatusBadge tone="success">This device</StatusBadge> : null}
        </p>
        <p className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{session.address ?? 'Address unknown'}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Signed in <Time value={session.signedInAt} compact /> ·{' '}
          {session.thisDevice ? (
            'active now'
          ) : (
            <>
              last seen <Time value={session.lastSeenAt} relative />
            </>
          )}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="xs" aria-label={`${session.thisDevice ? 'Sign out' : 'End'}: ${session.device}${where}`}>
            {session.thisDevice ? 'Sign out' : 'End'}
          </Button>
        }
        title={session.thisDevice ? 'Sign out of this device?' : 'End this session?'}
        description={
          session.thisDevice ? (
            <p>You are signed out here at once and taken to the sign-in page.</p>
          ) : (
            <p>
              {session.device}
              {where} is signed out at its next request. Whoever uses it must sign in again with your password.
            </p>
          )
        }
        confirmLabel={session.thisDevice ? 'Sign out' : 'End session'}
        onConfirm={() => onEnd(session)}
      />
    </li>
  );
}

/**
 * "Where you're signed in": the person's open sessions (device, address, sign-in and last seen),
 * each of which ends at once; ending this device's signs out.
 */
export function SignedInSessions() {
  const sessions = useSignedInSessions();
  const end = useEndSession();

  const onEnd = async (session: SignedInSessionView) => {
    try {
      const { thisDevice } = await end.mutateAsync(session.id);
      if (thisDevice) {
        await endThisSession();
        // A full page load: it drops the signed-out person's cached data from memory.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/sign-in');
        return;
      }
      toast.success(`Session ended: ${session.device}.`);
    } catch (error) {
      toast.error(error instanceof ApiClientError ? error.message : 'The session could not be ended. Try again.');
    }
  };

  return (
    <section
      aria-labelledby="signed-in-sessions-heading"
      className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="signed-in-sessions-heading" className="mb-2 text-lg font-semibold">
        Where you’re signed in
      </h2>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        Each browser signed in to your account now. End any you do not recognise: it is signed out at its next request.
      </p>
      <QueryState
        query={sessions}
        loading="Loading where you are signed in"
        errorTitle="Your sessions could not be loaded"
        empty={{
          when: (list) => list.length === 0,
          show: (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No session is recorded yet: each appears here from its next sign-in.</p>
          ),
        }}
      >
        {(list) => (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((s) => (
              <SessionRow key={s.id} session={s} onEnd={onEnd} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
