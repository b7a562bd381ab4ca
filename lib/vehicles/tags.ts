import type { TagRecord } from './types';

/**
 * A tag as the console writes it: `key: value`. Its own module: the vehicle header's tags need
 * only this, not the vehicle table's column definitions.
 */
export function tagLabel(tag: TagRecord): string {
  return `${tag.key}: ${tag.value}`;
}
