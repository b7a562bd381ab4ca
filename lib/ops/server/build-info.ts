import 'server-only';
import { version } from '@/package.json';
import { env } from '@/lib/env';

/** What an operator needs to tell which build answers: the package version and the commit. */
export function buildInfo(): { ok: true; version: string; commit: string | null } {
  return { ok: true, version, commit: env().GIT_COMMIT ?? null };
}
