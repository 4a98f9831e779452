/**
 * The embedded sync server: CouchDB's HTTP and replication protocol, served by express-pouchdb
 * (the core of `pouchdb-server`) on 127.0.0.1, for development (`npm start`), tests and benches.
 * Production runs Apache CouchDB (docs/sync.md); everything the app relies on is what CouchDB 3
 * does, and this file adds only what pouchdb-server lacks:
 *
 * - **Per-user databases** (CouchDB's `couch_peruser`): a new account gets `userdb-<hex of name>`,
 *   readable and writable by that user alone (`_security` members), with the app's validation
 *   function (`design.ts`); deleting the account deletes its database (`delete_dbs = true`).
 * - **`_all_dbs` for admins only** (CouchDB 3 refuses it to users; pouchdb-server lists every
 *   database, which would name every account).
 * - **Request size limit** (CouchDB's `max_http_request_size`): a body over `maxRequestBytes` is
 *   refused with 413 before it is read.
 * - **CORS with credentials** for the app's origins only (CouchDB's `[cors]` section).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_TAKE_AUDIO_BYTES } from '../src/storage/sync/sync-doc.ts';
import { DESIGN_DOC_ID, designDocument, userDbName, userSecurity } from './design.ts';

const require = createRequire(import.meta.url);

/* The packages below ship no types; each is used through the small shape declared here. */
interface ExpressApp {
  use(handler: unknown): void;
  use(path: string, handler: unknown): void;
  listen(port: number, host: string, ready: () => void): Server;
}
interface Request {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
interface Response {
  statusCode: number;
  setHeader(name: string, value: string): void;
  end(body?: string): void;
  on(event: 'finish', listener: () => void): void;
}
type Next = () => void;
type ExpressFactory = () => ExpressApp;
interface PouchConstructor {
  plugin(plugin: unknown): PouchConstructor;
  defaults(options: Record<string, unknown>): PouchConstructor;
}

const express = require('express') as ExpressFactory;
const expressPouchdb = require('express-pouchdb') as (
  PouchDB: PouchConstructor,
  options: Record<string, unknown>,
) => ExpressApp;
const PouchDB = (require('pouchdb-core') as PouchConstructor)
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-adapter-leveldb'))
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-mapreduce'))
  .plugin(require('pouchdb-replication'));

export interface SyncServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Folder for the databases, the server's config and its admin password; omit with `inMemory`. */
  dir?: string;
  /** Keep everything in memory (tests and benches): gone when the server stops. */
  inMemory?: boolean;
  /**
   * Origins allowed to call with credentials (CORS). Default: any http origin on 127.0.0.1 or
   * localhost (the dev server, the e2e server, `vite preview`), and Capacitor's own.
   */
  allowOrigin?: (origin: string) => boolean;
  /** Largest request body accepted (bytes); default 4/3 of a take's audio and trace and 1 MiB, as `server:setup` sets on CouchDB. */
  maxRequestBytes?: number;
}

export interface SyncServer {
  /** e.g. `http://127.0.0.1:5984` (no trailing slash). */
  readonly url: string;
  /** `Authorization` header value of the server's admin (tests and set-up only). */
  readonly adminAuthorization: string;
  /** Resolves once every per-user database the server is making exists (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A take's audio and trace in one request, base64 inline (4 characters per 3 bytes), and room. */
export const DEFAULT_MAX_REQUEST_BYTES = Math.ceil((MAX_TAKE_AUDIO_BYTES * 4) / 3) + 1024 * 1024;
const ADMIN = 'embouchure-admin';

/** The origins of the app on this machine and in the Capacitor apps. */
export function isLocalAppOrigin(origin: string): boolean {
  return (
    /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ||
    origin === 'capacitor://localhost' ||
    origin === 'https://localhost' ||
    origin === 'http://localhost'
  );
}

function adminPassword(dir: string | undefined): string {
  if (!dir) return randomBytes(18).toString('base64url');
  const file = join(dir, 'admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

export async function startSyncServer(options: SyncServerOptions = {}): Promise<SyncServer> {
  const { dir, inMemory = false } = options;
  if (!inMemory && !dir) throw new Error('startSyncServer: give a data folder (dir) or inMemory');
  if (dir) mkdirSync(dir, { recursive: true });
  const allowOrigin = options.allowOrigin ?? isLocalAppOrigin;
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const password = adminPassword(inMemory ? undefined : dir);
  const adminAuthorization = 'Basic ' + Buffer.from(`${ADMIN}:${password}`).toString('base64');

  const Pouch = inMemory
    ? PouchDB.defaults({ adapter: 'memory' })
    : PouchDB.defaults({ prefix: join(dir as string, 'db-') });
  const pouchApp = expressPouchdb(Pouch, {
    configPath: inMemory ? undefined : join(dir as string, 'config.json'),
    inMemoryConfig: inMemory,
    logPath: join(dir ?? tmpdir(), inMemory ? `embouchure-sync-${process.pid}.log` : 'log.txt'),
    overrideMode: { exclude: ['routes/fauxton', 'routes/http-log'] },
  });

  const app = express();
  app.use((req: Request, res: Response, next: Next) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    if (origin && allowOrigin(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, HEAD, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'accept, authorization, content-type, origin');
    }
    if (req.method === 'OPTIONS') {
      res.statusCode = origin && allowOrigin(origin) ? 204 : 403;
      res.end();
      return;
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > maxRequestBytes) {
      res.statusCode = 413;
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          error: 'too_large',
          reason: `The request is ${length} bytes; the server accepts at most ${maxRequestBytes}.`,
        }),
      );
      return;
    }
    next();
  });
  // _all_dbs names every database, so every account: admins only, as in CouchDB 3.
  app.use('/_all_dbs', (req: Request, res: Response, next: Next) => {
    if (req.headers.authorization === adminAuthorization) {
      next();
      return;
    }
    res.statusCode = 403;
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({ error: 'forbidden', reason: 'Only the server admin lists databases.' }),
    );
  });

  let url = '';
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>): void => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const admin = (path: string, init: RequestInit = {}): Promise<globalThis.Response> =>
    fetch(url + path, {
      ...init,
      headers: {
        authorization: adminAuthorization,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const ensureUserDb = async (name: string): Promise<void> => {
    const db = '/' + userDbName(name);
    const made = await admin(db, { method: 'PUT' });
    if (!made.ok && made.status !== 412) throw new Error(`userdb for ${name}: ${made.status}`);
    await admin(db + '/_security', { method: 'PUT', body: JSON.stringify(userSecurity(name)) });
    const existing = await admin(db + '/' + DESIGN_DOC_ID);
    const rev = existing.ok ? ((await existing.json()) as { _rev: string })._rev : undefined;
    await admin(db + '/' + DESIGN_DOC_ID, {
      method: 'PUT',
      body: JSON.stringify({ ...designDocument(), ...(rev ? { _rev: rev } : {}) }),
    });
  };
  // couch_peruser: a user document created or deleted through the API makes or drops the database.
  app.use('/_users', (req: Request, res: Response, next: Next) => {
    const match = /^\/org\.couchdb\.user:([^/?]+)/.exec(req.url);
    if (match && (req.method === 'PUT' || req.method === 'DELETE')) {
      const name = decodeURIComponent(match[1]);
      res.on('finish', () => {
        if (res.statusCode >= 300) return;
        if (req.method === 'PUT') {
          track(ensureUserDb(name).catch((error: unknown) => console.error(String(error))));
        } else {
          track(
            admin('/' + userDbName(name), { method: 'DELETE' }).then(
              () => undefined,
              (error: unknown) => console.error(String(error)),
            ),
          );
        }
      });
    }
    next();
  });
  // A user database is its owner's alone. CouchDB enforces `_security` members on every request;
  // pouchdb-server only on reads (found by sync-server.test.ts: another user could write), so
  // every request to a user database is checked here against the session it carries.
  app.use((req: Request, res: Response, next: Next) => {
    const match = /^\/(userdb-[0-9a-f]+)(?:[/?]|$)/.exec(req.url);
    if (!match) {
      next();
      return;
    }
    const owner = Buffer.from(match[1].slice('userdb-'.length), 'hex').toString('utf8');
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    fetch(url + '/_session', { headers }).then(
      async (answer) => {
        const session = (await answer.json()) as {
          userCtx?: { name?: string | null; roles?: string[] };
        };
        const who = session.userCtx;
        if (who?.name === owner || who?.roles?.includes('_admin')) {
          next();
          return;
        }
        res.statusCode = who?.name ? 403 : 401;
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify({
            error: who?.name ? 'forbidden' : 'unauthorized',
            reason: 'You are not allowed to access this db.',
          }),
        );
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
  app.use(pouchApp);

  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The admin (CouchDB's [admins]): set once; a restart with the same folder keeps it. Until it is
  // set the server is in "admin party", so nothing else is served before this answers.
  const existing = await fetch(url + '/_config/admins/' + ADMIN, {
    headers: { authorization: adminAuthorization },
  });
  if (!existing.ok) {
    const set = await fetch(url + '/_config/admins/' + ADMIN, {
      method: 'PUT',
      body: JSON.stringify(password),
    });
    if (!set.ok) throw new Error(`sync server: could not set its admin (${set.status})`);
  }
  // The session cookies' secret is kept with the data (pouchdb-server makes a new one at every
  // start unless it is in its config, which would sign every player out at each restart).
  const secret = await admin('/_config/couch_httpd_auth/secret');
  if (secret.ok) {
    await admin('/_config/couch_httpd_auth/secret', { method: 'PUT', body: await secret.text() });
  }
  // Sessions last a day since the last request (CouchDB's default is 10 minutes, which would sign
  // a player out during a long practice); refreshed on use.
  await admin('/_config/couch_httpd_auth/timeout', { method: 'PUT', body: '"86400"' });

  return {
    url,
    adminAuthorization,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: async () => {
      // What the server was doing for an account (making or dropping its database) ends first.
      while (pending.size > 0) await Promise.all([...pending]);
      await new Promise<void>((resolve, reject) => {
        if (!server.listening) {
          resolve(); // closed already (a test that stopped it)
          return;
        }
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
