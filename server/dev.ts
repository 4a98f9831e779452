/**
 * `npm start`: the embedded sync server on 127.0.0.1:5984 (data in .sync-data/) beside the app's
 * dev server, so a newcomer can make an account locally. Stopping one stops both.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startSyncServer, type SyncServer } from './sync-server.ts';

const dir = resolve('.sync-data');
let server: SyncServer | null = null;
try {
  server = await startSyncServer({ port: 5984, dir });
  console.log(`sync server: ${server.url} (data in ${dir})`);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.warn(
    code === 'EADDRINUSE'
      ? 'sync server: port 5984 is in use (one is running already?): the app syncs with whatever answers there'
      : `sync server: not started (${String(error)}): the app works without it, accounts do not`,
  );
}

const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], {
  stdio: 'inherit',
});
const stop = (): void => {
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => {
  void (server?.close() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
