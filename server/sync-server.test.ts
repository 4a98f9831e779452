// Security of the sync server, asked of the server directly (not through the app): one user never
// reads or writes another's database, malformed and oversized documents are refused, only the
// app's origins get credentials, an account's deletion takes its data with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from './cookie-fetch.ts';
import { userDbName } from './design.ts';
import { setUpServer } from './setup.ts';
import { startSyncServer, type SyncServer } from './sync-server.ts';

let server: SyncServer;
const json = { 'content-type': 'application/json' };

/** A signed-in user: a fetch with their session cookie, and their database's path. */
interface User {
  fetch: typeof fetch;
  db: string;
}

async function user(name: string, password = 'correct horse'): Promise<User> {
  const made = await fetch(`${server.url}/_users/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ name, password, roles: [], type: 'user' }),
  });
  expect(made.status).toBe(201);
  await server.settled();
  const session = cookieFetch();
  const signed = await session(`${server.url}/_session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, password }),
  });
  expect(signed.status).toBe(200);
  return { fetch: session, db: `${server.url}/${userDbName(name)}` };
}

const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  kind: id.slice(0, id.indexOf(':')),
  updatedAtMs: 1_700_000_000_000,
  data: { score: 80 },
  ...extra,
});

let alice: User;
let bob: User;

beforeAll(async () => {
  server = await startSyncServer({ inMemory: true, maxRequestBytes: 6 * 1024 * 1024 });
  alice = await user('alice');
  bob = await user('bob');
  const put = await alice.fetch(`${alice.db}/attempt:one`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify(doc('attempt:one')),
  });
  expect(put.status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

describe('the sync server keeps each account to itself', { timeout: 30_000 }, () => {
  it.each([
    ['a document', '/attempt:one'],
    ['every document', '/_all_docs?include_docs=true'],
    ['the changes feed', '/_changes?include_docs=true'],
    ['the database', ''],
    ['its security object', '/_security'],
  ])("another user cannot read alice's %s", async (_what, path) => {
    const response = await bob.fetch(alice.db + path);
    expect([401, 403]).toContain(response.status);
    expect(await response.text()).not.toContain('"score"');
  });

  it('nobody signed out reads it either', async () => {
    const response = await fetch(alice.db + '/attempt:one');
    expect([401, 403]).toContain(response.status);
  });

  it("another user cannot write into alice's database, one document or in bulk", async () => {
    const one = await bob.fetch(`${alice.db}/attempt:evil`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify(doc('attempt:evil')),
    });
    expect([401, 403]).toContain(one.status);
    const bulk = await bob.fetch(`${alice.db}/_bulk_docs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [doc('attempt:evil2')] }),
    });
    expect([401, 403]).toContain(bulk.status);
    const check = await alice.fetch(`${alice.db}/_all_docs`);
    expect(((await check.json()) as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([
      '_design/embouchure',
      'attempt:one',
    ]);
  });

  it('a user cannot list the databases (which would name every account)', async () => {
    const response = await bob.fetch(`${server.url}/_all_dbs`);
    expect(response.status).toBe(403);
    const admin = await fetch(`${server.url}/_all_dbs`, {
      headers: { authorization: server.adminAuthorization },
    });
    expect(await admin.json()).toEqual(expect.arrayContaining([userDbName('alice')]));
  });

  it("a user cannot read another user's account, nor make themselves admin", async () => {
    const other = await bob.fetch(`${server.url}/_users/org.couchdb.user:alice`);
    expect(other.ok).toBe(false);
    expect(await other.text()).not.toContain('derived_key');
    const admin = await fetch(`${server.url}/_users/org.couchdb.user:mallory`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ name: 'mallory', password: 'x', roles: ['_admin'], type: 'user' }),
    });
    expect(admin.status).toBe(403);
  });

  it('a user cannot open their database to others or replace its validation', async () => {
    const security = await alice.fetch(`${alice.db}/_security`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ members: { names: ['alice', 'bob'] } }),
    });
    expect([401, 403]).toContain(security.status);
    const design = await alice.fetch(`${alice.db}/_design/embouchure`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ validate_doc_update: 'function () {}' }),
    });
    expect([401, 403, 409]).toContain(design.status);
    const stillClosed = await bob.fetch(alice.db + '/attempt:one');
    expect([401, 403]).toContain(stillClosed.status);
  });
});

describe('the sync server refuses what is not the app’s data', { timeout: 30_000 }, () => {
  it.each([
    ['an unknown kind', doc('photo:1'), /Unknown kind of document: photo:1/],
    ['an id without a kind', { ...doc('attempt:x'), _id: 'x' }, /Unknown kind of document: x/],
    ['a kind that is not its id’s', doc('attempt:y', { kind: 'piece' }), /says kind piece/],
    ['no edit time', doc('attempt:z', { updatedAtMs: 'soon' }), /updatedAtMs must be a positive/],
    ['no data', doc('attempt:w', { data: null }), /data must be an object/],
    ['an unknown field', doc('attempt:v', { owner: 'bob' }), /Unknown field: owner/],
    [
      'a document over 4 MiB',
      doc('piece:big', { data: { score: 'x'.repeat(4 * 1024 * 1024 + 1) } }),
      /Document too large: \d+ characters; at most 4194304/,
    ],
  ])('%s is refused with a reason', async (_what, body, reason) => {
    const response = await alice.fetch(`${alice.db}/_bulk_docs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [body] }),
    });
    const [result] = (await response.json()) as { error?: string; reason?: string }[];
    expect(result.error).toBe('forbidden');
    expect(result.reason).toMatch(reason);
  });

  it('a deletion (tombstone) is accepted', async () => {
    const made = (await (
      await alice.fetch(`${alice.db}/record:settings`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify(doc('record:settings')),
      })
    ).json()) as { rev: string };
    const gone = await alice.fetch(`${alice.db}/record:settings?rev=${made.rev}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(200);
  });

  it('a request over the size limit is refused before it is read', async () => {
    const response = await alice.fetch(`${alice.db}/_bulk_docs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [doc('piece:huge', { data: { x: 'y'.repeat(7e6) } })] }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { reason: string }).reason).toMatch(
      /accepts at most 6291456/,
    );
  });
});

describe('the sync server and the app', { timeout: 30_000 }, () => {
  it('gives credentials to the app’s origins only (CORS)', async () => {
    const app = await fetch(server.url + '/', { headers: { origin: 'http://127.0.0.1:4173' } });
    expect(app.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(app.headers.get('access-control-allow-credentials')).toBe('true');
    const capacitor = await fetch(server.url + '/', {
      method: 'OPTIONS',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(capacitor.status).toBe(204);
    const stranger = await fetch(server.url + '/', { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(server.url + '/_session', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
  });

  it('deleting an account deletes its database', async () => {
    const carol = await user('carol');
    const account = (await (
      await carol.fetch(`${server.url}/_users/org.couchdb.user:carol`)
    ).json()) as {
      _rev: string;
    };
    const deleted = await carol.fetch(
      `${server.url}/_users/org.couchdb.user:carol?rev=${account._rev}`,
      { method: 'DELETE' },
    );
    expect(deleted.status).toBe(200);
    await server.settled();
    const dbs = (await (
      await fetch(`${server.url}/_all_dbs`, {
        headers: { authorization: server.adminAuthorization },
      })
    ).json()) as string[];
    expect(dbs).not.toContain(userDbName('carol'));
  });

  it('server:setup puts back a user database’s validation and says what this server lacks', async () => {
    const admin = { authorization: server.adminAuthorization };
    const design = (await (
      await fetch(`${alice.db}/_design/embouchure`, { headers: admin })
    ).json()) as {
      _rev: string;
    };
    await fetch(`${alice.db}/_design/embouchure?rev=${design._rev}`, {
      method: 'DELETE',
      headers: admin,
    });
    const [, credentials] = server.adminAuthorization.split(' ');
    const [name, password] = Buffer.from(credentials, 'base64').toString().split(':');
    const url = server.url.replace('http://', `http://${name}:${encodeURIComponent(password)}@`);
    const report = await setUpServer({ url, origins: ['https://app.example.org'] });
    expect(report.databases).toBe(2);
    expect(report.applied).toContain('cors/origins = https://app.example.org');
    const refused = await alice.fetch(`${alice.db}/_bulk_docs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ docs: [doc('photo:again')] }),
    });
    expect(((await refused.json()) as { error: string }[])[0].error).toBe('forbidden');
    await expect(setUpServer({ url: server.url, origins: ['x'] })).rejects.toThrow(
      '--url must carry the server admin',
    );
  });
});

describe('a take’s audio on the sync server', { timeout: 60_000 }, () => {
  const audioDoc = (id: string, attachments: Record<string, { data: string }>) =>
    doc(id, {
      data: { takeId: id.slice(id.indexOf(':') + 1), mimeType: 'audio/webm', bytes: 3 },
      _attachments: Object.fromEntries(
        Object.entries(attachments).map(([name, a]) => [
          name,
          { content_type: 'application/octet-stream', ...a },
        ]),
      ),
    });
  const put = (who: User, body: ReturnType<typeof doc>) =>
    who.fetch(`${who.db}/${encodeURIComponent(body._id)}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify(body),
    });

  it('is kept with its audio and trace; another user cannot read either', async () => {
    const made = await put(
      alice,
      audioDoc('takeAudio:t1', { audio: { data: 'AAEC' }, trace: { data: 'e30=' } }),
    );
    expect(made.status).toBe(201);
    const own = await alice.fetch(`${alice.db}/takeAudio%3At1/audio`);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]));
    for (const file of ['audio', 'trace']) {
      const response = await bob.fetch(`${alice.db}/takeAudio%3At1/${file}`);
      expect([401, 403]).toContain(response.status);
    }
    const signedOut = await fetch(`${alice.db}/takeAudio%3At1/audio`);
    expect([401, 403]).toContain(signedOut.status);
  });

  it.each([
    [
      'attachments on another kind',
      'attempt:a1',
      { audio: { data: 'AAEC' } },
      /Only a take's audio/,
    ],
    [
      'an unknown attachment',
      'takeAudio:t2',
      { photo: { data: 'AAEC' } },
      /Unknown attachment: photo/,
    ],
  ])('%s are refused', async (_what, id, attachments, reason) => {
    const response = await put(alice, audioDoc(id, attachments));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { reason: string }).reason).toMatch(reason);
  });
});
