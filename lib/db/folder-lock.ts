import 'server-only';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

/**
 * PGlite lets one process at a time open its folder; two would corrupt it. The first process
 * writes its pid into `<folder>.lock` (created exclusively); another one is refused at once with
 * that pid. A lock whose pid no longer runs (a crash, a SIGKILL) is taken over.
 */
export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database ${folder} is in use by process ${holderPid} (only one process may open it). ` +
        `Stop that process first, or use another DATA_DIR. If no such process runs, delete ${folder}.lock.`,
    );
    this.name = 'FolderLockedError';
  }
}

type Held = { count: number };
// Per process: handles of one folder opened again in this process (a test's reopen) share the lock.
const held = ((globalThis as { __motorpoolFolderLocks?: Map<string, Held> }).__motorpoolFolderLocks ??= new Map());
let exitHookInstalled = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function pauseBriefly(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock for this process, or throws FolderLockedError naming the holder. Returns the release. */
export function lockFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  const mine = held.get(lockFile);
  if (mine) {
    mine.count += 1;
    return releaser(lockFile);
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.set(lockFile, { count: 1 });
      installExitHook();
      return releaser(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockFile);
    if (holder === process.pid) {
      // Left by this very process (a handle closed without release): take it again.
      rmSync(lockFile, { force: true });
      continue;
    }
    // A lock being written this instant has no pid yet: look again shortly. One whose process is
    // gone (or that never got a pid) is stale.
    const pid = holder ?? (pauseBriefly(), readHolder(lockFile));
    if (pid !== undefined && alive(pid)) throw new FolderLockedError(folder, pid);
    rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not lock the embedded database ${folder}: ${lockFile} keeps changing`);
}

function releaser(lockFile: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const mine = held.get(lockFile);
    if (!mine) return;
    mine.count -= 1;
    if (mine.count > 0) return;
    held.delete(lockFile);
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

/** A process that exits without closing (process.exit after a failure) leaves no lock behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const lockFile of held.keys()) {
      if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
    }
    held.clear();
  });
}
