'use client';

import { onlineManager } from '@tanstack/react-query';
import { KeyRound, LogOut, MonitorX, ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { closeLiveStreams } from '@/lib/live/open-streams';
import { endSessions } from '@/lib/profile/sign-out';

/** Sign-out ends this session on the server and clears the cookie (lib/profile/sign-out.ts). */
async function signOut(everywhere: boolean) {
  // No read of the page (a poll, the live stream, or one a live notice asks for) may go out once
  // the session is ending: it would be answered 401 before the page leaves. Queries pause while
  // "offline"; the stream is closed for good (after a failed sign-out the page polls).
  onlineManager.setOnline(false);
  closeLiveStreams();
  try {
    await endSessions({ everywhere });
  } catch (error) {
    onlineManager.setOnline(true);
    throw error;
  }
  // A full page load, not router.push: it drops the signed-out user's cached data from memory.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign('/sign-in');
}

const ITEM = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800';

/** Ends this session, or every session of the person, with the button showing it is under way. */
function SignOutButton({
  everywhere,
  signingOut,
  onSigningOut,
}: {
  everywhere: boolean;
  signingOut: boolean;
  onSigningOut: (underWay: boolean) => void;
}) {
  const Icon = everywhere ? MonitorX : LogOut;
  return (
    <button
      type="button"
      disabled={signingOut}
      onClick={() => {
        onSigningOut(true);
        void signOut(everywhere).catch(() => onSigningOut(false));
      }}
      className={`${ITEM} cursor-pointer disabled:opacity-60`}
    >
      <Icon aria-hidden className="h-4 w-4" /> {everywhere ? 'Sign out everywhere' : signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

/** What the account menu shows once opened: who is signed in, the profile's pages and the two sign-outs. */
export function UserMenuPanel({ email, role }: { email: string; role: string }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <p className="px-2 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">
        {email}
        <br />
        Role: {role}
      </p>
      <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
      <Link href="/profile/password" className={ITEM}>
        <KeyRound aria-hidden className="h-4 w-4" /> Change password
      </Link>
      <Link href="/profile/password#two-step" className={ITEM}>
        <ShieldCheck aria-hidden className="h-4 w-4" /> Two-step verification
      </Link>
      <SignOutButton everywhere={false} signingOut={signingOut} onSigningOut={setSigningOut} />
      <SignOutButton everywhere signingOut={signingOut} onSigningOut={setSigningOut} />
    </>
  );
}
