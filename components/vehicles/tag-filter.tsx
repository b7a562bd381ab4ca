'use client';

import { useState } from 'react';
import { FilterForm } from '@/components/list/filter-editors';
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

/** The tag filter's form (`tagKey`/`tagValue` of the vehicle list), with suggestions from tags seen; both empty removes it. */
export function TagFilterEditor({
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
  const parts = [
    { part: 'key', label: 'Tag key', text: key, setText: setKey },
    { part: 'value', label: 'Tag value', text: value, setText: setValue },
  ];
  return (
    <FilterForm label="Tag filter" onSubmit={() => onApply(key.trim(), value.trim())}>
      <div className="grid grid-cols-2 gap-2">
        {parts.map(({ part, label, text, setText }, index) => (
          <Field
            key={part}
            id={`tag-filter-${part}`}
            label={label}
            compact
            autoFocus={index === 0}
            list={`tag-filter-${part}s`}
            maxLength={TAG_LIMIT}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        ))}
      </div>
      <TagDatalists idPrefix="tag-filter" tags={seen.data?.tags ?? []} keyText={key.trim()} />
    </FilterForm>
  );
}
