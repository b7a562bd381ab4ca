/**
 * Shown in the header of every page while the console runs as the demo (embedded sandbox, demo
 * users with a published password), so nobody mistakes it for a real fleet.
 */
export function DemoBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      title="Demo: the embedded sandbox with demo users. Not a real fleet."
    >
      Demo
    </span>
  );
}
