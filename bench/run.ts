/**
 * `npm run bench`: runs every bench/*.bench.ts in turn. Each exports a default async function
 * that measures and prints its own figures (medians, p99, ratios) and returns nothing.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

async function main() {
  const only = process.argv.slice(2);
  const dir = path.join(process.cwd(), 'bench');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  if (files.length === 0) {
    console.log('no benchmarks yet');
    return;
  }
  for (const file of files) {
    console.log(`\n== ${file} ==`);
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
    await mod.default();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
