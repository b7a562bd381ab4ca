/**
 * Sets `key` as the newest entry of `map` and drops the oldest entries beyond `maxEntries`. A Map
 * iterates in insertion order, so deleting before setting makes the order "least recently set".
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= maxEntries) break;
    map.delete(oldest);
  }
}
