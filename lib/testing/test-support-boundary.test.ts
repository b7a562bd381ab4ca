import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Test support (`*.test-support.ts`) may sit beside production code; only tests and other test support import it. */
const eslint = new ESLint({ cwd: process.cwd() });

async function testSupportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the test-support rule', () => {
  it.each([
    ['lib/db/fixture.ts', "import { withTestDatabase as value } from './testing.test-support';"],
    ['lib/commands/server/fixture.ts', "import { withTestDatabase as value } from '@/lib/db/testing.test-support';"],
    ['app/api/fixture/route.ts', "import { captureLog as value } from '@/lib/ops/capture-log.test-support';"],
    ['components/fixture.tsx', "import { fakeUpstream as value } from '@/lib/vehicle-api/fake-upstream.test-support';"],
  ])(
    'refuses it in production code: %s',
    async (file, code) => {
      expect(await testSupportErrors(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['lib/db/fixture.test.ts', "import { withTestDatabase as value } from './testing.test-support';"],
    ['lib/webhooks/server/fixture.test-support.ts', "import { withTestDatabase as value } from '@/lib/db/testing.test-support';"],
    ['lib/db/fixture.ts', "import { migrateDatabase as value } from './migrate';"],
  ])(
    'allows it in tests and test support, and other imports anywhere: %s',
    async (file, code) => {
      expect(await testSupportErrors(file, code)).toEqual([]);
    },
    60_000,
  );
});
