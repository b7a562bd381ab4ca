import type { ExecutionState } from '@/lib/commands/execution-view';

/** What a fault run found (bench/support/fault-run.ts), and how `npm run bench faults` prints it. */
export interface FaultRunReport {
  commands: number;
  presses: number;
  views: number;
  viewFailures: number;
  /** Why views failed, by the code the browser was shown. */
  viewFailureCodes: Record<string, number>;
  crashes: number;
  lostRecords: number;
  sentTwice: number;
  acceptedShownRejected: number;
  failuresWithoutReason: string[];
  unsettled: number;
  maxUpstreamCallsPerView: number;
  medianUpstreamCallsPerView: number;
  worstView: string;
  outcomes: Record<ExecutionState, number>;
  /** The codes of commands that did not succeed: the manufacturer's reason, or Motorpool's. */
  reasons: Record<string, number>;
  recovered: number;
  confirmations: Record<string, number>;
  faultKinds: string[];
  sandboxCommandsCreated: number;
  durationMs: number;
}

export function printFaultRun(report: FaultRunReport, print: (line: string) => void): void {
  print(`faults: ${report.faultKinds.join(', ')}`);
  print(
    `${report.commands} commands (${report.presses} presses) over their vehicles and ${report.views} section reads in ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  print(
    `outcomes: ${Object.entries(report.outcomes)
      .map(([state, n]) => `${state} ${n}`)
      .join(
        ', ',
      )}; recovered from the service's list after a lost answer: ${report.recovered}; sandbox executions created: ${report.sandboxCommandsCreated}`,
  );
  print(
    `reasons: ${Object.entries(report.reasons)
      .sort(([, a], [, b]) => b - a)
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ')}`,
  );
  print(
    `confirmed by the vehicle: ${
      Object.entries(report.confirmations)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ') || 'none'
    }`,
  );
  print(`process crashes: ${report.crashes}`);
  print(`lost execution records: ${report.lostRecords}`);
  print(`commands sent twice (counted by the sandbox): ${report.sentTwice}`);
  print(`accepted commands shown as rejected: ${report.acceptedShownRejected}`);
  print(
    `failures shown without a reason: ${report.failuresWithoutReason.length}${report.failuresWithoutReason.length ? ` (${report.failuresWithoutReason.slice(0, 5).join('; ')})` : ''}`,
  );
  print(`executions left pending or unknown: ${report.unsettled}`);
  print(
    `view failures (each with its reason): ${report.viewFailures} of ${report.views} (${Object.entries(report.viewFailureCodes)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ')})`,
  );
  print(
    `upstream calls per view: median ${report.medianUpstreamCallsPerView}, at most ${report.maxUpstreamCallsPerView} (worst: ${report.worstView || 'none'}; target at most 3)`,
  );
}
