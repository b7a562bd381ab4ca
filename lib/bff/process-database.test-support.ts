import { beforeAll } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { useAsProcessDatabase as answerGetDbWith } from '@/lib/db/testing.test-support';

/** A fresh PGlite database that `getDb()` answers for the enclosing describe block: for route tests whose verbs find their own database. */
export function useProcessTestDatabase(): void {
  const t = useTestDatabase('pglite');
  beforeAll(() => answerGetDbWith(t.database));
}
