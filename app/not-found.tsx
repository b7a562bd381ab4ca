import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Page not found' };

/** Any address that matches no page: say so, and offer the way back in. */
export default function NotFound() {
  return (
    <main className="mx-auto mt-16 max-w-lg px-4">
      <div className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">This page does not exist</h1>
        <p className="mt-3 text-zinc-700 dark:text-zinc-300">The link may be wrong or out of date, or the page may have moved.</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link: a page that matched nothing ships no script of its own, and a full load is a clean start. */}
        <a href="/o" className="mt-4 inline-block rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700">
          Go to your organizations
        </a>
      </div>
    </main>
  );
}
