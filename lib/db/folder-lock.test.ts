import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderLockedError, lockFolder } from './folder-lock';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockFolder', () => {
  it('refuses a folder another running process holds, naming its pid', async () => {
    const data = folder();
    // Another process: it takes the lock the same way and keeps running.
    const other = spawn(process.execPath, [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(`${data}.lock`)}, process.pid + '\\n', { flag: 'wx' }); setInterval(() => {}, 1000);`,
    ]);
    try {
      for (let i = 0; i < 200 && !existsSync(`${data}.lock`); i += 1) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      let refusal: unknown;
      try {
        lockFolder(data);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(FolderLockedError);
      expect((refusal as FolderLockedError).holderPid).toBe(other.pid);
      expect((refusal as Error).message).toContain(`in use by process ${other.pid}`);
      // The holder's lock is left as it was.
      expect(readFileSync(`${data}.lock`, 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit').catch(() => {});
    }
  });

  it('takes over the lock of a process that is gone, and releases it on the last close', () => {
    const data = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${data}.lock`, `${gone.stdout}\n`);
    const release = lockFolder(data);
    expect(readFileSync(`${data}.lock`, 'utf8').trim()).toBe(String(process.pid));
    // The same process opening the folder again (a reopen) shares the lock.
    const again = lockFolder(data);
    release();
    expect(existsSync(`${data}.lock`)).toBe(true);
    again();
    expect(existsSync(`${data}.lock`)).toBe(false);
  });

  it('refuses a second server process on the same folder at once, naming the first', async () => {
    const data = folder();
    const release = lockFolder(data);
    try {
      // What a second `npm start` on the same DATA_DIR runs into (lib/db/index.ts openPglite).
      const script = `
        const { lockFolder } = require(${JSON.stringify(path.resolve('lib/db/folder-lock.ts'))});
        try { lockFolder(${JSON.stringify(data)}); console.log('opened'); } catch (e) { console.error(e.message); process.exit(1); }`;
      const second = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=react-server', '-e', script], {
        encoding: 'utf8',
        timeout: 80_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      release();
    }
  }, 90_000);
});
