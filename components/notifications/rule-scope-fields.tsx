'use client';

import { Field, SelectField } from '@/components/ui/field';
import type { RuleScope } from '@/lib/notifications/kinds';
import type { SavedViewView } from '@/lib/views/saved-views';

const EMPTY_TAG: RuleScope = { type: 'tag', key: '', value: '' };

/** Where a rule looks: every vehicle, the vehicles with one tag, or those a saved view shows. */
export function RuleScopeFields({
  id,
  scope,
  views,
  errors,
  onChange,
}: {
  id: string;
  scope: RuleScope;
  views: SavedViewView[];
  errors: Record<string, string>;
  onChange: (scope: RuleScope) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Which vehicles</legend>
      <SelectField
        id={`${id}-scope`}
        label="Scope"
        value={scope.type}
        onChange={(e) => {
          const type = e.target.value as RuleScope['type'];
          onChange(type === 'tag' ? EMPTY_TAG : type === 'view' ? { type: 'view', viewId: views[0]?.id ?? '' } : { type: 'all' });
        }}
      >
        <option value="all">Every vehicle</option>
        <option value="tag">Vehicles with a tag</option>
        <option value="view" disabled={views.length === 0}>
          A saved view{views.length === 0 ? ' (none saved yet)' : ''}
        </option>
      </SelectField>
      {scope.type === 'tag' ? (
        <div className="grid grid-cols-2 gap-4">
          <Field
            id={`${id}-tag-key`}
            label="Tag key"
            value={scope.key}
            error={errors['scope.key']}
            onChange={(e) => onChange({ ...scope, key: e.target.value })}
          />
          <Field
            id={`${id}-tag-value`}
            label="Tag value"
            value={scope.value}
            error={errors['scope.value']}
            onChange={(e) => onChange({ ...scope, value: e.target.value })}
          />
        </div>
      ) : null}
      {scope.type === 'view' ? (
        <SelectField
          id={`${id}-view`}
          label="Saved view"
          value={scope.viewId}
          error={errors['scope.viewId']}
          onChange={(e) => onChange({ type: 'view', viewId: e.target.value })}
        >
          {views.map((view) => (
            <option key={view.id} value={view.id}>
              {view.name}
              {view.shared ? '' : ' (yours only)'}
            </option>
          ))}
        </SelectField>
      ) : null}
    </fieldset>
  );
}
