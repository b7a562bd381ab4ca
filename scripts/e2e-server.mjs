// The server of the end-to-end suite: the production build on a fresh embedded database.
import { rmSync } from 'node:fs';
import { spawnServer } from './lib.mjs';

rmSync(process.env.DATA_DIR ?? '.data/e2e', { recursive: true, force: true });
const child = spawnServer(['start', '-p', process.env.PORT ?? '3100'], { ...process.env, NODE_ENV: 'production' });
child.on('exit', (code) => process.exit(code ?? 0));
