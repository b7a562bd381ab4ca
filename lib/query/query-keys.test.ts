import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '@/lib/accounts/query-keys';
import { apiCredentialKeys } from '@/lib/api-credentials/query-keys';
import { auditKeys } from '@/lib/audit/query-keys';
import { bulkKeys } from '@/lib/bulk/query-keys';
import { commandKeys } from '@/lib/commands/query-keys';
import { connectKeys } from '@/lib/connect/query-keys';
import { eligibilityKeys } from '@/lib/eligibility/query-keys';
import { fleetKeys } from '@/lib/overview/query-keys';
import { historyKeys } from '@/lib/history/query-keys';
import { memberKeys } from '@/lib/members/query-keys';
import { notificationKeys } from '@/lib/notifications/query-keys';
import { onboardingKeys } from '@/lib/onboarding/query-keys';
import { profileKeys } from '@/lib/profile/query-keys';
import { reportKeys } from '@/lib/reports/query-keys';
import { searchKeys } from '@/lib/search/query-keys';
import { settingsKeys } from '@/lib/settings/query-keys';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import { viewKeys } from '@/lib/views/query-keys';
import { webhookKeys } from '@/lib/webhooks/query-keys';

type Factory = Record<string, (...args: string[]) => readonly unknown[]>;
const FACTORIES: Record<string, Factory> = {
  accountKeys,
  apiCredentialKeys,
  auditKeys,
  bulkKeys,
  commandKeys,
  connectKeys,
  eligibilityKeys,
  fleetKeys,
  historyKeys,
  memberKeys,
  notificationKeys,
  onboardingKeys,
  profileKeys,
  reportKeys,
  searchKeys,
  settingsKeys,
  vehicleDataKeys,
  vehicleKeys,
  viewKeys,
  webhookKeys,
};

const ROOTS = ['app', 'components', 'lib'];
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' || entry === 'sandbox' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

type Site = { file: string; factory: string; name: string; text: string };

/** Keys read by queries and keys written or invalidated, as `factory.name(` calls; anything else is a problem. */
export function scanKeys(file: string, source: string) {
  const reads: Site[] = [];
  const writes: Site[] = [];
  const problems: string[] = [];
  for (const m of source.matchAll(/(queryKey|keyOf)\s*:\s*(?:\([^)]*\)\s*=>\s*)?([^,\n}]+)/g)) {
    const text = m[2].replace(/[\s}]+$/, '');
    const call = /^(\w+Keys)\.(\w+)\(/.exec(text);
    // A variable, a type annotation, or the factory a list hook was handed (`keyOf`) is checked where it is made.
    if (call) reads.push({ file, factory: call[1], name: call[2], text });
    else if (!/^\w+$/.test(text) && !/^readonly /.test(text) && !/^keyOf\(/.test(text))
      problems.push(`${file}: a query key not built by a key factory: ${text}`);
  }
  for (const m of source.matchAll(
    /\.(invalidateQueries|setQueryData|setQueriesData|removeQueries|refetchQueries|cancelQueries)(?:<[^>]*>)?\(\s*(?:\{\s*queryKey\s*:\s*)?([^,\n)]+)/g,
  )) {
    const text = m[2].replace(/[\s}]+$/, '');
    const call = /^(\w+Keys)\.(\w+)\(/.exec(text);
    if (call) writes.push({ file, factory: call[1], name: call[2], text });
    else if (!/^\w+$/.test(text)) problems.push(`${file}: ${m[1]} with a key not built by a key factory: ${text}`);
  }
  return { reads, writes, problems };
}

const sample = (factory: string, name: string) => {
  const fn = FACTORIES[factory]?.[name];
  return fn ? fn('x', 'x', 'x', 'x', 'x') : undefined;
};
const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]) =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

/** Each written or invalidated key is a prefix of a key some query reads. */
export function deadWrites(reads: Site[], writes: Site[]): string[] {
  const readKeys = reads.map((r) => sample(r.factory, r.name)).filter((k): k is readonly unknown[] => k !== undefined);
  return writes
    .filter((w) => {
      const key = sample(w.factory, w.name);
      return !key || !readKeys.some((read) => isPrefix(key, read));
    })
    .map((w) => `${w.file}: ${w.text} matches no query`);
}

describe('query keys', () => {
  const scans = ROOTS.flatMap(sourceFiles).map((file) => scanKeys(file, readFileSync(file, 'utf8')));
  const reads = scans.flatMap((s) => s.reads);
  const writes = scans.flatMap((s) => s.writes);

  it('are all built by the key factories in lib/query', () => {
    expect(scans.flatMap((s) => s.problems)).toEqual([]);
    expect(reads.length).toBeGreaterThan(20);
    expect(writes.length).toBeGreaterThan(10);
    for (const site of [...reads, ...writes])
      expect(FACTORIES[site.factory]?.[site.name], `${site.file}: ${site.text}`).toBeTypeOf('function');
  });

  it('every invalidation and cache write matches a key some query uses', () => {
    expect(deadWrites(reads, writes)).toEqual([]);
  });

  it('catches an invalidation that matches no query (the old listening switch)', () => {
    const old = scanKeys('listening-switch.tsx', "void queryClient.invalidateQueries({ queryKey: ['vehicle', org, vehicleId] });");
    expect(old.problems.length).toBeGreaterThan(0);
    const stale = { file: 'x.tsx', factory: 'vehicleKeys', name: 'nope', text: 'vehicleKeys.nope(org)' };
    expect(deadWrites(reads, [stale])).toHaveLength(1);
    const unread = { file: 'x.tsx', factory: 'connectKeys', name: 'link', text: 'connectKeys.link(org, id)' };
    expect(
      deadWrites(
        reads.filter((r) => r.factory !== 'connectKeys'),
        [unread],
      ),
    ).toHaveLength(1);
  });
});
