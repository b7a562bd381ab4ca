'use client';

import { Bookmark, Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Button, SubmitButton } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { useCreateView, useDeleteView, useSavedViews, useUpdateView } from '@/lib/views/query';
import { sameViewQuery, viewQueryFromParams } from '@/lib/views/saved-views';

const popoverSummary =
  'inline-flex h-8 cursor-pointer list-none items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';
const popoverPanel =
  'absolute right-0 z-20 mt-1 w-72 space-y-3 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900';

function ViewForm({
  initialName = '',
  initialShared = false,
  submitLabel,
  onSubmit,
}: {
  initialName?: string;
  initialShared?: boolean;
  submitLabel: string;
  onSubmit: (input: { name: string; shared: boolean }) => Promise<unknown>;
}) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(initialShared);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter a name');
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({ name: name.trim(), shared });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The view could not be saved');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id={`${id}-name`} label="View name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} error={error} />
      <Checkbox label="Share with the organization" checked={shared} onCheckedChange={setShared} block />
      <SubmitButton size="sm" pending={busy} pendingLabel="Saving…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * The saved view the list was opened from (its name, whose it is, whether the list changed
 * since), and saving the list as it is now as a view. Only the owner or an admin edits a view.
 */
export function SavedViewBar({
  org,
  viewId,
  searchParams,
  onViewChange,
}: {
  org: string;
  /** The view the list was opened from (the `view` URL parameter). */
  viewId: string | null;
  /** The list's parameters as they are now. */
  searchParams: { get(name: string): string | null };
  onViewChange: (viewId: string | null, options?: { push?: boolean }) => void;
}) {
  const canWrite = useCan('views.write');
  const views = useSavedViews(org);
  // The sidebar may have loaded the views before this part of the page hydrates: render them
  // only once hydrated, so the first render matches the server's.
  const inBrowser = useInBrowser();
  const createView = useCreateView(org);
  const updateView = useUpdateView(org);
  const deleteView = useDeleteView(org);
  const saveMenu = useRef<HTMLDetailsElement>(null);
  const editMenu = useRef<HTMLDetailsElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const view = viewId && inBrowser ? views.data?.views.find((v) => v.id === viewId) : undefined;
  const current = viewQueryFromParams(searchParams);
  const changed = view ? !sameViewQuery(view.query, current) : false;

  if (!view && !canWrite) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {view ? (
        <p className="mr-auto text-zinc-700 dark:text-zinc-300" data-testid="current-view">
          View <strong className="font-semibold">{view.name}</strong>
          {' · '}
          {view.shared ? `shared by ${view.mine ? 'you' : (view.ownerEmail ?? 'a former member')}` : 'private'}
          {changed ? ' · changed since saved' : ''}
        </p>
      ) : null}
      {view?.canEdit && changed ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={updateView.isPending}
          onClick={() =>
            updateView.mutate(
              { id: view.id, changes: { query: current } },
              {
                onSuccess: () => toast.success(`View “${view.name}” updated`),
                onError: (e) => toast.error(e.message),
              },
            )
          }
        >
          Update view
        </Button>
      ) : null}
      {view?.canEdit ? (
        <>
          <details className="relative" ref={editMenu}>
            <summary className={popoverSummary}>
              <Pencil aria-hidden className="h-4 w-4" /> Edit view
            </summary>
            <div className={popoverPanel}>
              <ViewForm
                key={view.id}
                initialName={view.name}
                initialShared={view.shared}
                submitLabel="Save changes"
                onSubmit={async (input) => {
                  await updateView.mutateAsync({ id: view.id, changes: input });
                  editMenu.current?.removeAttribute('open');
                  toast.success(`View “${input.name}” saved`);
                }}
              />
              <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
                Delete view
              </Button>
            </div>
          </details>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={`Delete the view “${view.name}”?`}
            description={view.shared ? 'It is shared: it disappears for everyone in the organization.' : 'Only you had it.'}
            confirmLabel="Delete view"
            onConfirm={async () => {
              await deleteView.mutateAsync(view.id);
              onViewChange(null);
              toast.success(`View “${view.name}” deleted`);
            }}
          />
        </>
      ) : null}
      {canWrite ? (
        <details className={view ? 'relative' : 'relative ml-auto'} ref={saveMenu}>
          <summary className={popoverSummary}>
            <Bookmark aria-hidden className="h-4 w-4" /> Save view
          </summary>
          <div className={popoverPanel}>
            <ViewForm
              submitLabel="Save view"
              onSubmit={async (input) => {
                const { view: saved } = await createView.mutateAsync({ ...input, query: current });
                saveMenu.current?.removeAttribute('open');
                onViewChange(saved.id, { push: true });
                toast.success(`View “${saved.name}” saved`);
              }}
            />
          </div>
        </details>
      ) : null}
    </div>
  );
}
