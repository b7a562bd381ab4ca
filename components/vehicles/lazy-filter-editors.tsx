'use client';

import { clientLazy } from '@/components/ui/client-lazy';

/**
 * The vehicles list's filter editors, loaded when the "Add filter" menu first opens (`preloadFilterEditors`)
 * or, at the latest, when a filter's form is first shown: the condition builder and JSON panel, the tag
 * form with its suggestions, the number forms (about 3 kB gzip the list's first paint never shows).
 * Until one has come, a placeholder of the form's size keeps the open panel from jumping.
 */
const loadTagEditor = () => import('./tag-filter');
const loadNumberEditor = () => import('./number-filter-editor');
const loadConditionEditor = () => import('./condition-editor');
const loadFilterPanel = () => import('@/components/list/filter-panel');

let preloaded = false;
export function preloadFilterEditors(): void {
  if (preloaded) return;
  preloaded = true;
  void Promise.all([loadTagEditor(), loadNumberEditor(), loadConditionEditor(), loadFilterPanel()]).catch(() => {
    // A failed preload is retried when a form is shown (the form's lazy component asks again).
    preloaded = false;
  });
}

function EditorPlaceholder() {
  return (
    <p role="status" className="flex h-24 w-64 max-w-full items-center text-sm text-zinc-600 dark:text-zinc-400">
      Loading the filter…
    </p>
  );
}

export const TagFilterEditor = clientLazy(() => loadTagEditor().then((m) => m.TagFilterEditor), EditorPlaceholder);
export const NumberFilterEditor = clientLazy(() => loadNumberEditor().then((m) => m.NumberFilterEditor), EditorPlaceholder);
export const ConditionEditor = clientLazy(() => loadConditionEditor().then((m) => m.ConditionEditor), EditorPlaceholder);
export const FilterPanel = clientLazy(() => loadFilterPanel().then((m) => m.FilterPanel), EditorPlaceholder);
