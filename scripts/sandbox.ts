/**
 * The Vehicle API sandbox standalone: `npm run sandbox` serves it on 127.0.0.1:SANDBOX_PORT
 * (default 4010) with the seeded data of SANDBOX_SEED, and prints the demo credentials.
 */
import { env } from '@/lib/env';
import { createSandbox, sandboxOptionsFromEnv } from '@/lib/sandbox';
import { serve } from '@/lib/sandbox/node-server';

async function main(): Promise<void> {
  const e = env();
  const baseUrl = `http://127.0.0.1:${e.SANDBOX_PORT}`;
  const sandbox = createSandbox({ ...sandboxOptionsFromEnv(), publicBaseUrl: baseUrl });
  const running = await serve(sandbox.handle, { port: e.SANDBOX_PORT });
  const demo = sandbox.organizations[0];
  console.log(`Vehicle API sandbox listening on ${running.url}`);
  console.log(`  base URL (VEHICLE_API_BASE_URL): ${running.url}`);
  console.log(`  demo organization: ${demo.name} (${demo.id})`);
  console.log(`  client id:     ${demo.clientId}`);
  console.log(`  client secret: ${demo.clientSecret}`);
  console.log(
    `  ${e.SANDBOX_PROFILE} profile, seed ${e.SANDBOX_SEED}, ${e.SANDBOX_VEHICLES_PER_ORG} vehicles per organization; admin API under ${running.url}/_admin`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
