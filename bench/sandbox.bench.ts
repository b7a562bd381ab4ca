/**
 * `npm run bench sandbox`: how fast the embedded sandbox seeds (the default fleet, and 10,000
 * vehicles per organization) and lists a page of 100 from the large one. Medians of a few runs;
 * lib/sandbox/sandbox.test.ts checks what the large sandbox holds and answers, these are the times.
 */
import { createSandbox } from '@/lib/sandbox';
import { median } from './support/stats';

const RUNS = 3;
const BASE = 'http://sandbox.test';

async function timed(work: () => unknown | Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export default async function sandboxBench(): Promise<void> {
  const seedDefault: number[] = [];
  const seedLarge: number[] = [];
  const listPage: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    seedDefault.push(await timed(() => createSandbox()));
    let big: ReturnType<typeof createSandbox> | undefined;
    seedLarge.push(await timed(() => (big = createSandbox({ vehiclesPerOrg: 10_000 }))));
    const org = big!.organizations[0];
    const auth = `Basic ${Buffer.from(`${org.clientId}:${org.clientSecret}`).toString('base64')}`;
    const tokenResponse = await big!.handle(
      new Request(`${BASE}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    );
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    await big!.handle(new Request(`${BASE}/v1/vehicles`, { headers }));
    listPage.push(await timed(() => big!.handle(new Request(`${BASE}/v1/vehicles?maxPageSize=100`, { headers }))));
  }
  const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
  console.log(
    `sandbox (median of ${RUNS}): seed the default fleet ${ms(seedDefault)} (target < 500 ms); ` +
      `seed 10,000 vehicles per organization ${ms(seedLarge)} (target < 4,000 ms); list a page of 100 of them ${ms(listPage)} (target < 50 ms)`,
  );
}
