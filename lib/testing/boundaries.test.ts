import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The dependency directions of CONTRIBUTING.md are an ESLint rule (import/no-restricted-paths in
 * eslint.config.mjs). Each case lints one deliberately wrong (or right) import as if it stood in
 * the named file.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('the boundary rule', () => {
  it.each([
    ['components/fixture.tsx', "import { getDb as value } from '@/lib/db';"],
    ['components/fixture.tsx', "import { orgVehicleApi as value } from '@/lib/org/org-vehicle-api';"],
    ['components/fixture.tsx', "import { getExecution as value } from '@/lib/commands/server/get-execution';"],
    ['lib/query/fixture.ts', "import { getSessionUserId as value } from '@/lib/auth/session';"],
    ['lib/commands/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/fixture.ts', "import { Button as value } from '@/components/ui/button';"],
    ['lib/db/fixture.ts', "import { can as value } from '@/lib/auth/permissions';"],
    ['lib/db/fixture.ts', "import { withOrg as value } from '@/lib/bff/with-org';"],
    ['lib/sandbox/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/webhooks/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/list/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['components/fixture.tsx', "import { loadFleetAlerts as value } from '@/lib/alerts/server/load-platform-alerts';"],
    ['lib/list/fixture.ts', "import { bulkKeys as value } from '@/lib/bulk/query-keys';"],
    ['lib/vehicles/query.ts', "import { useCursorList as value } from '@/lib/list/use-cursor-list';"],
    ['lib/bff/fixture.ts', "import { listVehiclesQuerySchema as value } from '@/lib/vehicles/schemas';"],
    ['lib/vehicle-api/fixture.ts', "import { sendCommandSchema as value } from '@/lib/commands/schemas';"],
    ['lib/crypto/fixture.ts', "import { getAuthSecret as value } from '@/lib/auth/session';"],
    ['lib/crypto/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['app/api/o/[org]/members/fixture/route.ts', "import { getDb as value } from '@/lib/db';"],
    ['app/(console)/o/[org]/fixture/page.tsx', "import { listUserOrganizations as value } from '@/lib/db/repos/memberships';"],
    ['app/fixture/page.tsx', "import type { Db as value } from '@/lib/db';"],
  ])(
    'refuses the import in %s: %s',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['components/fixture.tsx', "import { can as value } from '@/lib/auth/permissions';"],
    ['components/fixture.tsx', "import { vehicleKeys as value } from '@/lib/vehicles/query-keys';"],
    ['lib/commands/server/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/vehicles/list-query.ts', "import { useCursorList as value } from '@/lib/list/use-cursor-list';"],
    ['lib/db/fixture.ts', "import { AppError as value } from '@/lib/errors/app-error';"],
    ['lib/sandbox/fixture.ts', "import { COMMANDS as value } from '@/lib/contract/vehicle-api';"],
    ['lib/query/fixture.test.ts', "import { vehicleKeys as value } from '@/lib/vehicles/query-keys';"],
    ['lib/startup/fixture.ts', "import { runBulkJobs as value } from '@/lib/bulk/server/run-bulk-jobs';"],
    ['app/api/o/[org]/members/fixture/route.ts', "import { listInvitations as value } from '@/lib/members/server/list-invitations';"],
  ])(
    'allows the import in %s: %s',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    },
    60_000,
  );

  it('covers a domain the day its folder is created', async () => {
    // The domain list is read from the disk when the config is evaluated (ESLint keeps the config it
    // loaded first, the rule's old list): a fresh evaluation of it lints as a new process would.
    const folder = path.join(process.cwd(), 'lib', 'zz-new-domain');
    mkdirSync(folder, { recursive: true });
    try {
      const configUrl = `${pathToFileURL(path.join(process.cwd(), 'eslint.config.mjs')).href}?fresh=${Date.now()}`;
      const { default: config } = (await import(configUrl)) as { default: Linter.Config[] };
      const fresh = new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: config });
      const [result] = await fresh.lintText("import { getDb } from '@/lib/db';\nexport const used = [getDb];\n", {
        filePath: 'lib/zz-new-domain/fixture.ts',
      });
      expect(result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths')).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('components never fetch', () => {
  const NEVER_FETCH_RULES = new Set(['no-restricted-imports', 'no-restricted-globals']);
  async function fetchErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
    return result.messages.filter((m) => m.ruleId !== null && NEVER_FETCH_RULES.has(m.ruleId)).map((m) => m.message);
  }

  it.each([
    ['components/fixture.tsx', "import { useQuery as value } from '@tanstack/react-query';"],
    ['components/vehicles/fixture.tsx', "import { useMutation as value } from '@tanstack/react-query';"],
    ['components/audit/fixture.tsx', "import { useInfiniteQuery as value } from '@tanstack/react-query';"],
    ['components/fixture.tsx', "import * as value from '@tanstack/react-query';"],
    ['components/settings/fixture.tsx', "import { apiFetch as value } from '@/lib/query/api-fetch';"],
    ['components/settings/fixture.tsx', "import { apiFetch as value } from '../../lib/query/api-fetch';"],
    ['components/profile/fixture.ts', "const value = () => fetch('/api/profile/password', { method: 'POST' });"],
  ])(
    'refuses %s: %s',
    async (file, code) => {
      expect(await fetchErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['components/fixture.tsx', "import { useQueryClient as value } from '@tanstack/react-query';"],
    ['components/fixture.tsx', "import { ApiClientError as value } from '@/lib/query/api-fetch';"],
    ['components/fixture.tsx', "import { useVehicle as value } from '@/lib/vehicles/query';"],
    ['lib/vehicles/fixture.ts', "import { useQuery as value } from '@tanstack/react-query';"],
    ['lib/vehicles/fixture.ts', "import { apiFetch as value } from '@/lib/query/api-fetch';"],
  ])(
    'allows %s: %s',
    async (file, code) => {
      expect(await fetchErrors(file, code)).toEqual([]);
    },
    60_000,
  );
});

describe('query keys come from the key factories', () => {
  async function keyErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it.each([
    // The import that put the command logic and nuqs into the settings page's first load.
    ['lib/webhooks/fixture.ts', "import { commandKeys as value } from '@/lib/commands/query';"],
    ['components/bulk/fixture.tsx', "import { bulkKeys as value } from '@/lib/bulk/query';"],
    ['lib/accounts/fixture.ts', "import { vehicleKeys as value } from '@/lib/vehicles/list-query';"],
  ])(
    'refuses %s: %s',
    async (file, code) => {
      expect(await keyErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['lib/webhooks/fixture.ts', "import { commandKeys as value } from '@/lib/commands/query-keys';"],
    ['components/fixture.tsx', "import { useVehicle as value } from '@/lib/vehicles/query';"],
  ])(
    'allows %s: %s',
    async (file, code) => {
      expect(await keyErrors(file, code)).toEqual([]);
    },
    60_000,
  );
});
