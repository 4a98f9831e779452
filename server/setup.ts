/**
 * `npm run server:setup -- --url https://admin:PASSWORD@couch.example.org --origin https://app.example.org`
 *
 * Prepares an Apache CouchDB 3 server (or a cluster, through any of its nodes) for the app
 * (docs/sync.md): per-user databases (`couch_peruser`, deleted with their user), cookie sessions
 * that last a day and work across sites (the Capacitor apps), CORS with credentials for the app's
 * origins only, request and document size limits, and on every user database the app's security
 * object and validation function. `--watch` keeps doing the last for databases made later.
 * Against the embedded server (pouchdb-server's `_config` API) the same command applies what it
 * supports; it says what it skipped.
 */
import { parseArgs } from 'node:util';
import { MAX_TAKE_AUDIO_BYTES } from '../src/storage/sync/sync-doc.ts';
import { DESIGN_DOC_ID, designDocument, userSecurity } from './design.ts';
import { DEFAULT_MAX_REQUEST_BYTES } from './sync-server.ts';

const USAGE =
  'usage: npm run server:setup -- --url https://ADMIN:PASSWORD@HOST[:PORT] --origin https://APP-ORIGIN [--origin …] [--watch]';

export interface SetupReport {
  readonly applied: string[];
  readonly skipped: string[];
  readonly databases: number;
}

interface Admin {
  readonly base: string;
  readonly authorization: string;
}

function adminOf(url: string): Admin {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url is not a URL: ${url}`);
  }
  if (!parsed.username || !parsed.password) {
    throw new Error('--url must carry the server admin, as https://ADMIN:PASSWORD@HOST');
  }
  const authorization =
    'Basic ' +
    Buffer.from(
      `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
    ).toString('base64');
  parsed.username = '';
  parsed.password = '';
  return { base: parsed.toString().replace(/\/+$/, ''), authorization };
}

async function call(admin: Admin, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(admin.base + path, {
    ...init,
    headers: {
      authorization: admin.authorization,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** CouchDB 3 configures through `_node/_local/_config`; pouchdb-server through `_config`. */
async function configBase(admin: Admin): Promise<string> {
  const node = await call(admin, '/_node/_local/_config');
  if (node.ok) return '/_node/_local/_config';
  const legacy = await call(admin, '/_config');
  if (legacy.ok) return '/_config';
  if (node.status === 401 || legacy.status === 401) {
    throw new Error('the server refused the admin name or password given in --url');
  }
  throw new Error(`the server has no configuration API (answered ${node.status})`);
}

/** Installs the app's security object and validation function on one user database. */
export async function prepareUserDb(admin: Admin, db: string): Promise<void> {
  const name = Buffer.from(db.slice('userdb-'.length), 'hex').toString('utf8');
  const security = await call(admin, `/${db}/_security`, {
    method: 'PUT',
    body: JSON.stringify(userSecurity(name)),
  });
  if (!security.ok) throw new Error(`${db}: _security answered ${security.status}`);
  const existing = await call(admin, `/${db}/${DESIGN_DOC_ID}`);
  const rev = existing.ok ? ((await existing.json()) as { _rev: string })._rev : undefined;
  const design = await call(admin, `/${db}/${DESIGN_DOC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({ ...designDocument(), ...(rev ? { _rev: rev } : {}) }),
  });
  if (!design.ok) throw new Error(`${db}: the design document answered ${design.status}`);
}

export async function setUpServer(options: {
  url: string;
  origins: readonly string[];
}): Promise<SetupReport> {
  const admin = adminOf(options.url);
  const config = await configBase(admin);
  const applied: string[] = [];
  const skipped: string[] = [];
  const settings: [string, string, string][] = [
    ['couch_peruser', 'enable', 'true'],
    ['couch_peruser', 'delete_dbs', 'true'],
    ['chttpd', 'enable_cors', 'true'],
    ['cors', 'origins', options.origins.join(', ')],
    ['cors', 'credentials', 'true'],
    ['cors', 'methods', 'GET, PUT, POST, HEAD, DELETE'],
    ['cors', 'headers', 'accept, authorization, content-type, origin'],
    ['chttpd', 'max_http_request_size', String(DEFAULT_MAX_REQUEST_BYTES)],
    ['couchdb', 'max_document_size', String(DEFAULT_MAX_REQUEST_BYTES)],
    ['couchdb', 'max_attachment_size', String(MAX_TAKE_AUDIO_BYTES)],
    // A day since the last request (CouchDB's 10 minutes would sign a player out mid-practice).
    ['chttpd_auth', 'timeout', '86400'],
    ['chttpd_auth', 'allow_persistent_cookies', 'true'],
    // The Capacitor apps call from another site (capacitor://localhost): the cookie must cross.
    ['chttpd_auth', 'same_site', 'none'],
    ['chttpd_auth', 'secure', 'true'],
    ['couch_httpd_auth', 'timeout', '86400'],
  ];
  for (const [section, key, value] of settings) {
    const response = await call(admin, `${config}/${section}/${key}`, {
      method: 'PUT',
      body: JSON.stringify(value),
    });
    (response.ok ? applied : skipped).push(`${section}/${key} = ${value}`);
  }
  const list = await call(admin, '/_all_dbs');
  if (!list.ok) throw new Error(`_all_dbs answered ${list.status}`);
  const databases = ((await list.json()) as string[]).filter((db) => db.startsWith('userdb-'));
  for (const db of databases) await prepareUserDb(admin, db);
  return { applied, skipped, databases: databases.length };
}

/** Prepares each user database made from now on (CouchDB's `_db_updates` feed). */
async function watch(url: string): Promise<never> {
  const admin = adminOf(url);
  let since = 'now';
  for (;;) {
    const response = await call(admin, `/_db_updates?feed=longpoll&timeout=60000&since=${since}`);
    if (!response.ok) throw new Error(`_db_updates answered ${response.status}`);
    const answer = (await response.json()) as {
      results: { db_name: string; type: string }[];
      last_seq: string;
    };
    for (const update of answer.results) {
      if (update.type === 'created' && update.db_name.startsWith('userdb-')) {
        await prepareUserDb(admin, update.db_name);
        console.log(`server:setup: prepared ${update.db_name}`);
      }
    }
    since = answer.last_seq;
  }
}

async function main(): Promise<void> {
  let values: { url?: string; origin?: string[]; watch?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        origin: { type: 'string', multiple: true },
        watch: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(
      `server:setup: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
    process.exit(2);
  }
  if (!values.url || !values.origin?.length) {
    console.error(`server:setup: --url and at least one --origin are needed\n${USAGE}`);
    process.exit(2);
  }
  try {
    const report = await setUpServer({ url: values.url, origins: values.origin });
    for (const line of report.applied) console.log(`set     ${line}`);
    for (const line of report.skipped)
      console.log(`skipped ${line} (this server does not have it)`);
    console.log(`prepared ${report.databases} user database${report.databases === 1 ? '' : 's'}`);
    if (values.watch) await watch(values.url);
  } catch (error) {
    console.error(`server:setup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
