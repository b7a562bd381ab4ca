import { Checkbox } from '@/components/ui/checkbox';

/** The list's update mutation: while it saves, its changes may ask `enabled` to become something else. */
type PendingUpdate = { isPending: boolean; variables?: { changes: object } };

/**
 * The "On" box of a rule or an endpoint in its list; `name` tells a screen reader which one. While
 * a change is saved (and the list read again), the box shows what was asked.
 */
export function EnabledCheckbox({
  name,
  enabled,
  update,
  onCheckedChange,
}: {
  name: string;
  enabled: boolean;
  update: PendingUpdate;
  onCheckedChange: (enabled: boolean) => void;
}) {
  const changes = update.isPending ? update.variables?.changes : undefined;
  const asked = changes && 'enabled' in changes && typeof changes.enabled === 'boolean' ? changes.enabled : undefined;
  return (
    <Checkbox
      label={
        <>
          <span aria-hidden>On</span>
          <span className="sr-only">{name} on</span>
        </>
      }
      checked={asked ?? enabled}
      disabled={update.isPending}
      onCheckedChange={onCheckedChange}
    />
  );
}
