import { redirect } from 'next/navigation';
import { getSessionUser } from '@/lib/auth/session';
import { listOrganizations } from '@/lib/profile/server/list-organizations';

/** Signing in lands here: the user's first organization, or a word on what to do. */
export default async function OrganizationsIndex() {
  const user = await getSessionUser();
  if (!user) redirect('/sign-in');
  const [first] = await listOrganizations(user.id);
  if (first) redirect(`/o/${first.slug}`);
  return (
    <main className="mx-auto max-w-lg p-8">
      <h1 className="text-xl font-semibold">No organization yet</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        You are signed in as {user.email}, but no organization has added you. Ask an admin of your organization to add this email address
        under Settings → Members.
      </p>
    </main>
  );
}
