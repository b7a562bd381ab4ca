import type { Metadata } from 'next';
import { AcceptInvitation } from '@/components/profile/accept-invitation';
import { getSessionUser } from '@/lib/auth/session';
import { findInvitation } from '@/lib/members/server/find-invitation';
import { linkTokenSchema } from '@/lib/auth/schemas';

export const metadata: Metadata = { title: 'Invitation', robots: { index: false, follow: false } };

/**
 * Public: where an invitation link lands. An invalid, used, revoked or expired link gets one
 * fixed text; a valid one shows the organization, the role and the invited email.
 */
export default async function InvitePage({ params }: PageProps<'/invite/[token]'>) {
  const { token } = await params;
  const valid = linkTokenSchema.safeParse(token).success;
  const invitation = valid ? await findInvitation(token) : undefined;
  const user = invitation ? await getSessionUser() : null;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">{invitation ? `Join ${invitation.organization.name}` : 'Invitation not valid'}</h1>
        {invitation ? (
          <AcceptInvitation
            token={token}
            email={invitation.email}
            role={invitation.role}
            organization={{ slug: invitation.organization.slug, name: invitation.organization.name }}
            signedInAs={user?.email ?? null}
          />
        ) : (
          <p>This invitation link is invalid, used, revoked or expired. Ask an admin of the organization for a new one.</p>
        )}
      </div>
    </main>
  );
}
