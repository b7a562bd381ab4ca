'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { TagRecord } from '@/lib/vehicles/types';
import { TAG_LIMIT } from '@/lib/contract/limits';
import { useTagsSeen } from '@/lib/vehicles/tags-seen-query';

export function TagDatalists({ idPrefix, tags, keyText }: { idPrefix: string; tags: TagRecord[]; keyText: string }) {
  const keys = [...new Set(tags.map((t) => t.key))];
  const values = [...new Set(tags.filter((t) => !keyText || t.key === keyText).map((t) => t.value))];
  return (
    <>
      <datalist id={`${idPrefix}-keys`}>
        {keys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      <datalist id={`${idPrefix}-values`}>
        {values.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
    </>
  );
}

/** Filter the fleet by tag (`tagKey`/`tagValue` of the vehicle list), with suggestions from tags seen. */
export function TagFilter({
  org,
  tagKey,
  tagValue,
  onApply,
}: {
  org: string;
  tagKey: string;
  tagValue: string;
  onApply: (key: string, value: string) => void;
}) {
  const [key, setKey] = useState(tagKey);
  const [value, setValue] = useState(tagValue);
  const seen = useTagsSeen(org);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(key.trim(), value.trim());
  };
  const parts = [
    { part: 'key', label: 'Tag key', text: key, setText: setKey },
    { part: 'value', label: 'Tag value', text: value, setText: setValue },
  ];
  return (
    <form onSubmit={submit} aria-label="Tag filter" className="flex flex-wrap items-end gap-2">
      {parts.map(({ part, label, text, setText }) => (
        <Field
          key={part}
          id={`tag-filter-${part}`}
          label={label}
          compact
          className="min-w-32 flex-1"
          list={`tag-filter-${part}s`}
          maxLength={TAG_LIMIT}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
      ))}
      <TagDatalists idPrefix="tag-filter" tags={seen.data?.tags ?? []} keyText={key.trim()} />
      <Button type="submit" size="md" variant="secondary">
        Filter by tag
      </Button>
      {tagKey || tagValue ? (
        <Button
          variant="ghost"
          onClick={() => {
            setKey('');
            setValue('');
            onApply('', '');
          }}
        >
          Clear tag
        </Button>
      ) : null}
    </form>
  );
}
