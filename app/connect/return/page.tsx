import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { getSessionUserId } from '@/lib/auth/session';
import { clientIp } from '@/lib/bff/audit';
import { accountLinks } from '@/lib/connect/account-links';
import { GENERIC_RETURN_FAILURE, RETURN_FAILURE_TEXT } from '@/lib/connect/explain';
import type { ReturnView } from '@/lib/connect/server/resolve-connect-return';
import { settleConnectReturn } from '@/lib/connect/server/settle-connect-return';
import { parseConnectReturn } from '@/lib/connect/return-schemas';

export const metadata: Metadata = { title: 'Vehicle connection', robots: { index: false, follow: false } };

const ICONS = {
  connected: { Icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-400', word: 'Connected' },
  failed: { Icon: CircleAlert, className: 'text-red-700 dark:text-red-400', word: 'Not connected' },
  unconfirmed: { Icon: CircleHelp, className: 'text-amber-700 dark:text-amber-400', word: 'Not confirmed yet' },
  unmatched: { Icon: CircleHelp, className: 'text-zinc-600 dark:text-zinc-400', word: 'Unknown link' },
} as const;

function texts(view: ReturnView): { title: string; body: ReactNode[] } {
  const who = view.organizationName ?? 'The fleet operator';
  const vehicles = view.singleVehicle ? 'your vehicle' : 'your vehicles';
  switch (view.outcome) {
    case 'connected':
      return {
        title: view.singleVehicle ? 'Your vehicle is connected' : 'Your account is connected',
        body: [
          <>
            <strong>{who}</strong> can now read the data you allowed for {vehicles}.
          </>,
          <>
            What happens next: {who} sees {vehicles} within a few minutes. You do not need to do anything else.
          </>,
          'To withdraw this access later, contact the fleet operator or remove it in your manufacturer account.',
        ],
      };
    case 'failed':
      return {
        title: 'The connection did not go through',
        body: [
          (view.errorCode && RETURN_FAILURE_TEXT[view.errorCode]) || GENERIC_RETURN_FAILURE,
          <>
            You may try again with a new link: ask <strong>{who}</strong> to send you one. This link cannot be used again.
          </>,
        ],
      };
    case 'unconfirmed':
      return {
        title: 'We could not confirm the connection yet',
        body: [
          'The manufacturer reported that you approved, but we could not confirm it with the vehicle service.',
          <>
            <strong>{who}</strong> will see whether {vehicles} {view.singleVehicle ? 'appears' : 'appear'}. If not, they can send you a new
            link to try again.
          </>,
        ],
      };
    default:
      return {
        title: 'This page could not be matched to a connection link',
        body: [
          'It confirms vehicle connections made through a consent link, but the address it was opened with is incomplete or not valid. Nothing was recorded.',
          'If you were connecting a vehicle, ask the fleet operator whether it worked. If it did not, you may try again with a new link.',
        ],
      };
  }
}

/**
 * Where a vehicle owner lands after the consent flow. Public (the owner has no Motorpool account),
 * outside the console. Only validated values reach the page, and only enumerated texts and the
 * organization's name are shown; see lib/connect/resolve-return.ts for what is recorded.
 */
export default async function ConnectReturnPage({ searchParams }: PageProps<'/connect/return'>) {
  const query = parseConnectReturn(await searchParams);
  const view = await settleConnectReturn(query, { userId: await getSessionUserId(), ip: clientIp({ headers: await headers() }) });
  const { title, body } = texts(view);
  const { Icon, className, word } = ICONS[view.outcome];
  const member = view.member;
  const links = member?.accountId ? accountLinks(member.org, member.accountId) : null;

  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-8 sm:py-16">
      <p className="mb-6 flex items-center gap-2 text-base font-semibold">
        <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-accent-600" />
        Motorpool
      </p>
      <main className="w-full max-w-lg rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <p className={`flex items-center gap-2 text-sm font-medium ${className}`}>
          <Icon aria-hidden className="h-5 w-5" />
          {word}
        </p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-4 space-y-3 text-zinc-700 dark:text-zinc-300">
          {body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {member ? (
          <section
            aria-labelledby="member-heading"
            className="mt-6 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-950"
          >
            <h2 id="member-heading" className="text-sm font-semibold">
              You are signed in to {view.organizationName}
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {links ? (
                <>
                  <li>
                    <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={links.account}>
                      Open the new account
                    </Link>
                  </li>
                  <li>
                    <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={links.vehicles}>
                      See its vehicles
                    </Link>
                  </li>
                </>
              ) : null}
              <li>
                <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={`/o/${member.org}/connect`}>
                  {member.canConnect ? 'Back to Connect, to create another link' : 'Back to the consent links'}
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">You can close this page.</p>
      </main>
    </div>
  );
}
