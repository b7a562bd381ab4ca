import 'server-only';
import type { TagRecord } from '@/lib/vehicles/types';
import { setBounded } from '@/lib/bounded-map';

const MAX_PER_ORG = 500;
export const MAX_ORGS = 1_000;
const KEY = Symbol.for('motorpool.tagsSeen');

function registry(): Map<string, Map<string, TagRecord>> {
  const store = globalThis as typeof globalThis & { [KEY]?: Map<string, Map<string, TagRecord>> };
  return (store[KEY] ??= new Map());
}

/**
 * Tags this process has seen per organization, the source of the tag autocomplete. The contract
 * has no "all tags" call and asking every vehicle would be a request per row, so the hints grow
 * from what people open, add and filter by. A hint cache, not state: losing it loses nothing.
 */
export function rememberTags(orgId: string, tags: readonly TagRecord[]): void {
  if (tags.length === 0) return;
  const seen = registry().get(orgId) ?? new Map<string, TagRecord>();
  // The organizations least recently tagged are forgotten first.
  setBounded(registry(), orgId, seen, MAX_ORGS);
  for (const { key, value } of tags) {
    const id = `${key}\u0000${value}`;
    seen.delete(id);
    seen.set(id, { key, value });
  }
  // Oldest first in a Map: drop from the front to stay bounded.
  for (const id of seen.keys()) {
    if (seen.size <= MAX_PER_ORG) break;
    seen.delete(id);
  }
}

export function tagsSeen(orgId: string): TagRecord[] {
  return [...(registry().get(orgId)?.values() ?? [])].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value));
}
