/**
 * 50 viewers watching one command execution: how often the upstream is asked for its status, and
 * how long after the status changes in the sandbox the viewers see it. Each viewer polls
 * GET /api/o/{org}/commands/{id} on the browser's own schedule (lib/commands/poll-schedule.ts),
 * starting at a random moment within the first second, as 50 open tabs would.
 */
import { pollDelayMs } from '@/lib/commands/poll-schedule';
import { hasBuild, startBenchConsole } from './support/console-server';
import { median, quantile } from './support/stats';

const VIEWERS = 50;
const COMMAND_DELAY_MS = 3_000;
const COMMANDS = ['LOCK_DOORS', 'FLASH_LIGHTS', 'HONK_HORN', 'CLIMATE_ON', 'WAKE_UP'] as const;
const TERMINAL = new Set(['executed', 'failed', 'rejected', 'unknown']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default async function commandWatchBench(): Promise<void> {
  if (!hasBuild()) {
    console.log('command-watch: no production build; run `npm run build` first');
    return;
  }
  const server = await startBenchConsole({
    sandbox: { commandDelayMs: COMMAND_DELAY_MS },
    env: process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  });
  const { base, cookie, sandbox } = server;
  try {
    const vehicleId = sandbox.fixtures(sandbox.organizations[0].id).onlineListeningVehicleId;
    const delays: number[] = [];
    const pollTimes: number[] = [];
    let worstPerSecond = 0;
    let totalCalls = 0;
    let totalSeconds = 0;
    for (const command of COMMANDS) {
      const sent = await fetch(`${base}/api/o/fleet/vehicles/${vehicleId}/commands`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ command }),
      });
      const changesAt = performance.now() + COMMAND_DELAY_MS;
      if (!sent.ok) throw new Error(`sending ${command} answered ${sent.status}: ${await sent.text()}`);
      const { execution } = (await sent.json()) as { execution: { id: string } };
      const started = performance.now();
      const before = server.upstreamCalls(/command-executions\//).length;

      await Promise.all(
        Array.from({ length: VIEWERS }, async () => {
          await sleep(Math.random() * 1000);
          for (;;) {
            const asked = performance.now();
            const response = await fetch(`${base}/api/o/fleet/commands/${execution.id}`, { headers: { Cookie: cookie } });
            const { execution: view } = (await response.json()) as { execution: { state: string } };
            pollTimes.push(performance.now() - asked);
            if (TERMINAL.has(view.state)) {
              delays.push(performance.now() - changesAt);
              return;
            }
            await sleep(pollDelayMs(performance.now() - started));
          }
        }),
      );
      const calls = server.upstreamCalls(/command-executions\//).slice(before);
      const seconds = (performance.now() - started) / 1000;
      totalCalls += calls.length;
      totalSeconds += seconds;
      const buckets = new Map<number, number>();
      for (const at of calls) buckets.set(Math.floor((at - started) / 1000), (buckets.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
      worstPerSecond = Math.max(worstPerSecond, ...buckets.values());
    }
    console.log(`${VIEWERS} viewers per execution, ${COMMANDS.length} executions, status changes ${COMMAND_DELAY_MS} ms after sending`);
    console.log(
      `upstream status calls: ${totalCalls} in ${totalSeconds.toFixed(1)} s of watching (${(totalCalls / totalSeconds).toFixed(2)} per second); most in any one-second bucket: ${worstPerSecond} (target: at most 1 per second)`,
    );
    console.log(
      `one viewer poll (GET /api/o/fleet/commands/{id}): median ${median(pollTimes).toFixed(1)} ms, p95 ${quantile(pollTimes, 0.95).toFixed(1)} ms over ${pollTimes.length} polls`,
    );
    console.log(
      `status change to viewer seeing it: median ${median(delays).toFixed(0)} ms, p95 ${quantile(delays, 0.95).toFixed(0)} ms over ${delays.length} viewer-executions`,
    );
  } finally {
    await server.stop();
  }
}
