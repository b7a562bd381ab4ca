// The server of the end-to-end suite: the production build (the standalone server) on a fresh embedded database.
import { rmSync } from 'node:fs';
import { spawnServer } from './lib.mjs';

rmSync(process.env.DATA_DIR ?? '.data/e2e', { recursive: true, force: true });
// Every interface, IPv4 and IPv6: the sign-in throttling test comes from 127.0.0.1 and from ::1 as two addresses.
const child = spawnServer('start', process.env.PORT ?? '3100', { ...process.env, NODE_ENV: 'production', DEMO_PUBLIC: 'true' });
child.on('exit', (code) => process.exit(code ?? 0));
