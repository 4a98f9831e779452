/**
 * `npm run server` (and `npm start`, beside the app): the embedded sync server on 127.0.0.1, its
 * data in the folder it names. Usage: node server/serve.ts [--port 5984] [--dir .sync-data]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startSyncServer } from './sync-server.ts';

const USAGE = 'usage: npm run server -- [--port 5984] [--dir FOLDER]';

function fail(message: string): never {
  console.error(`server: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { port?: string; dir?: string };
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string' }, dir: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const port = Number(values.port ?? 5984);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(`--port must be a whole number 0-65535, got ${values.port}`);
}
const dir = resolve(values.dir ?? '.sync-data');

try {
  const server = await startSyncServer({ port, dir });
  console.log(
    `sync server: ${server.url} (data in ${dir}; the admin's password in ${dir}/admin-password)`,
  );
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  fail(
    code === 'EADDRINUSE'
      ? `port ${port} is in use (another sync server?): pick another with --port`
      : String(error),
  );
}
