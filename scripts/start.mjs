// `npm start`: install when missing or stale, build when missing or older than the sources,
// then serve. The server process itself applies migrations and seeds (instrumentation.ts),
// so only one process ever opens the embedded database.
// `npm run dev` (`--dev`): the same without the build, with hot reload.
import { buildStale, build, dependenciesStale, installDependencies, listenHost, spawnServer, waitForHealth } from './lib.mjs';

const dev = process.argv.includes('--dev');
const port = process.env.PORT || '3000';
const appUrl = process.env.APP_URL || `http://localhost:${port}`;
const embedded = !process.env.VEHICLE_API_BASE_URL;

try {
  if (dependenciesStale()) installDependencies();
  if (!dev && buildStale()) build({ ...process.env, NODE_ENV: 'production' });
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}

const env = { ...process.env, PORT: port, APP_URL: appUrl, NEXTAUTH_URL: process.env.NEXTAUTH_URL || appUrl };
const host = listenHost(process.env);
const child = spawnServer(dev ? 'dev' : 'start', port, env);
child.on('exit', (code) => process.exit(code ?? 0));

if (await waitForHealth(`http://127.0.0.1:${port}/api/health`, child)) {
  const lines = [``, `Motorpool is running at ${appUrl}`];
  if (embedded) {
    lines.push(
      `Upstream: the embedded Vehicle API sandbox (${appUrl}/sandbox)`,
      `Demo sign-in (password: demo-password):`,
      `  admin@demo.test    admin: settings, members, everything`,
      `  manager@demo.test  manager: vehicles, commands, connect`,
      `  support@demo.test  support: read-only inspection`,
      host
        ? `Demo mode: listening on ${host} only (set DEMO_PUBLIC=true to open it to the network)`
        : `Demo mode: open to the network (DEMO_PUBLIC=true)`,
    );
  } else {
    lines.push(`Upstream: ${process.env.VEHICLE_API_BASE_URL}`);
  }
  console.log(`${lines.join('\n')}\n`);
} else if (child.exitCode === null) {
  console.error('The server did not answer /api/health within two minutes.');
}
