import { ESLint } from 'eslint';
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
    ['components/fixture.tsx', "import { orgVehicleApi as value } from '@/lib/bff/org-vehicle-api';"],
    ['components/fixture.tsx', "import { getExecution as value } from '@/lib/commands/server/get-execution';"],
    ['lib/query/fixture.ts', "import { getSessionUserId as value } from '@/lib/auth/session';"],
    ['lib/commands/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/fixture.ts', "import { Button as value } from '@/components/ui/button';"],
    ['lib/db/fixture.ts', "import { can as value } from '@/lib/auth/permissions';"],
    ['lib/db/fixture.ts', "import { withOrg as value } from '@/lib/bff/with-org';"],
    ['lib/sandbox/fixture.ts', "import { getDb as value } from '@/lib/db';"],
  ])(
    'refuses the import in %s: %s',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['components/fixture.tsx', "import { can as value } from '@/lib/auth/permissions';"],
    ['components/fixture.tsx', "import { vehicleKeys as value } from '@/lib/vehicles/query';"],
    ['lib/commands/server/fixture.ts', "import { getDb as value } from '@/lib/db';"],
    ['lib/db/fixture.ts', "import { AppError as value } from '@/lib/errors/app-error';"],
    ['lib/sandbox/fixture.ts', "import { COMMANDS as value } from '@/lib/contract/vehicle-api';"],
  ])(
    'allows the import in %s: %s',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    },
    60_000,
  );
});
