import 'server-only';

/**
 * Answers read from the database, kept in memory while nothing that decides them was written (who
 * may open which organization; the snapshot's battery health). Used only when this process is the
 * database's only writer (PGlite): then every write passes through this process, and a change
 * applies to the very next request. With PostgreSQL other instances write too (`generation`
 * undefined), so every request asks the database. The caller reads the generation BEFORE loading,
 * so a result that raced a write is stored under the old generation and never served.
 */
export function createGenerationCache<T>(maxEntries = 1_000) {
  const entries = new Map<string, { generation: number; value: T }>();
  return {
    async get(key: string, generation: number | undefined, load: () => Promise<T | undefined>): Promise<T | undefined> {
      if (generation === undefined) return load();
      const held = entries.get(key);
      if (held?.generation === generation) return held.value;
      const value = await load();
      if (value === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { generation, value });
      return value;
    },
  };
}
