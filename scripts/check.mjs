// `npm run check`, the loop to run before every commit: typecheck, lint, format and knip side by
// side, then the fast unit tests. Fast means the test file opens no database and starts no process
// (`isIntegrationTest` in scripts/test-files.mjs); those run in `npm test`, with everything else.
// Prints each part's minutes; exits non-zero on any failure.
import { bin, root, run, runStaticChecks } from './lib.mjs';
import { isIntegrationTest, testFiles } from './test-files.mjs';

const started = performance.now();
const minutesSince = (since) => ((performance.now() - since) / 60_000).toFixed(1);
const results = await runStaticChecks();

const files = testFiles(root);
const fast = files.filter((file) => !isIntegrationTest(root, file));
console.log(`\n▶ vitest: ${fast.length} fast test files of ${files.length} (the others run in npm test)`);
const since = performance.now();
const vitestOk = run(bin('vitest'), ['run', ...fast]) === 0;
results.push({ name: 'vitest', ok: vitestOk, minutes: minutesSince(since) });

console.log('');
for (const { name, ok, minutes } of results) console.log(`${name.padEnd(10)} ${`${minutes} min`.padStart(8)}  ${ok ? 'ok' : 'FAILED'}`);
console.log(`${'total'.padEnd(10)} ${`${minutesSince(started)} min`.padStart(8)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
