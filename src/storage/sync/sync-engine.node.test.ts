// The sync engine between two devices of one account, against the real embedded server (CouchDB's
// protocol, express-pouchdb in memory): what arrives, what a conflict keeps, what is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../../../server/cookie-fetch.ts';
import { startSyncServer, type SyncServer } from '../../../server/sync-server.ts';
import { createCouchClient } from './couch-client';
import { memoryAdapter, type MemoryAdapter } from './memory-adapter';
import { createSyncEngine, type Resolution, type SyncEngine, type SyncRecord } from './sync-engine';
import { memoryShadowStore } from './shadow-store';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer({ inMemory: true });
});
afterAll(async () => {
  await server.close();
});

interface Device {
  engine: SyncEngine;
  attempts: MemoryAdapter;
  pieces: MemoryAdapter;
}

/** Keeps both versions when their scores differ (the pieces' rule, in small). */
const keepBoth = (local: SyncRecord, remote: SyncRecord): Resolution => {
  const [later, earlier] =
    remote.updatedAtMs > local.updatedAtMs ? [remote, local] : [local, remote];
  return { keep: later, copies: [{ ...earlier, key: `${earlier.key}~${earlier.updatedAtMs}` }] };
};

async function account(name: string): Promise<{ device: () => Promise<Device> }> {
  const first = createCouchClient(server.url, cookieFetch());
  await first.signUp(name, 'correct horse');
  await first.signIn(name, 'correct horse');
  await first.waitForUserDb(name, 5000);
  return {
    async device() {
      const client = createCouchClient(server.url, cookieFetch());
      await client.signIn(name, 'correct horse');
      const attempts = memoryAdapter('attempt');
      const pieces = memoryAdapter('piece', keepBoth);
      const engine = createSyncEngine({
        adapters: [attempts, pieces],
        shadows: memoryShadowStore(),
        remote: client.userDb(name),
      });
      return { engine, attempts, pieces };
    },
  };
}

describe('sync engine against the embedded server', { timeout: 60_000 }, () => {
  it('brings an attempt made on one device to the other, and a deletion back', async () => {
    const alice = await account('alice');
    const [a, b] = [await alice.device(), await alice.device()];
    a.attempts.edit('2026-12-01T10:00:00.000Z|scales', { score: 81 }, 1000);
    expect(await a.engine.cycle('all')).toMatchObject({ pushed: 1, waiting: 0 });
    expect(await b.engine.cycle('all')).toMatchObject({ pulled: 1, pushed: 0 });
    expect(b.attempts.records.get('2026-12-01T10:00:00.000Z|scales')?.data).toEqual({ score: 81 });

    b.attempts.delete('2026-12-01T10:00:00.000Z|scales');
    expect(
      await b.engine.cycle(new Set(['attempt:2026-12-01T10:00:00.000Z|scales'])),
    ).toMatchObject({
      pushed: 1,
    });
    await a.engine.cycle(new Set());
    expect(a.attempts.records.size).toBe(0);
  });

  it('keeps both edits made offline when the rule cannot decide, and the later one under the key', async () => {
    const bob = await account('bob');
    const [a, b] = [await bob.device(), await bob.device()];
    a.pieces.edit('hymn', { title: 'Hymn' }, 1000);
    await a.engine.cycle('all');
    await b.engine.cycle('all');
    // Both offline: each edits the same piece.
    a.pieces.edit('hymn', { title: 'Hymn (A)' }, 2000);
    b.pieces.edit('hymn', { title: 'Hymn (B)' }, 3000);
    await a.engine.cycle(new Set(['piece:hymn']));
    const result = await b.engine.cycle(new Set(['piece:hymn']));
    expect(result.conflicts).toBe(1);
    await a.engine.cycle(new Set());
    for (const device of [a, b]) {
      expect(device.pieces.records.get('hymn')?.data).toEqual({ title: 'Hymn (B)' });
      expect(device.pieces.records.get('hymn~2000')?.data).toEqual({ title: 'Hymn (A)' });
    }
  });

  it('lets an edit win over a deletion made on the other device', async () => {
    const carol = await account('carol');
    const [a, b] = [await carol.device(), await carol.device()];
    a.attempts.edit('k', { score: 50, partial: 'hidden' }, 1000);
    await a.engine.cycle('all');
    await b.engine.cycle('all');
    a.attempts.delete('k');
    b.attempts.edit('k', { score: 90 }, 2000);
    await a.engine.cycle(new Set(['attempt:k']));
    await b.engine.cycle(new Set(['attempt:k']));
    await a.engine.cycle(new Set());
    expect(a.attempts.records.get('k')?.data).toEqual({ score: 90 });
    expect(b.attempts.records.get('k')?.data).toEqual({ score: 90 });
  });

  it('says what the server refused and keeps it on the device, without sending it again', async () => {
    const dave = await account('dave');
    const a = await dave.device();
    a.attempts.edit('ok', { score: 1 }, 1000);
    a.attempts.edit('big', { blob: 'x'.repeat(4 * 1024 * 1024 + 10) }, 1000);
    const first = await a.engine.cycle('all');
    expect(first.pushed).toBe(1);
    expect(first.refused).toEqual([
      { id: 'attempt:big', reason: expect.stringMatching(/^Document too large: \d+ characters/) },
    ]);
    expect(a.attempts.records.has('big')).toBe(true);
    const second = await a.engine.cycle('all');
    expect(second).toMatchObject({ pushed: 0, waiting: 1 });
  });

  it('does not download its own writes back after a big push', async () => {
    const fay = await account('fay');
    const client = createCouchClient(server.url, cookieFetch());
    await client.signIn('fay', 'correct horse');
    const remote = client.userDb('fay');
    let downloaded = 0;
    const counting: typeof remote = {
      ...remote,
      async changes(since, limit, withDocs) {
        const page = await remote.changes(since, limit, withDocs);
        downloaded += page.results.filter((c) => c.doc).length;
        return page;
      },
      async get(ids) {
        const docs = await remote.get(ids);
        downloaded += docs.length;
        return docs;
      },
    };
    const attempts = memoryAdapter('attempt');
    const engine = createSyncEngine({
      adapters: [attempts],
      shadows: memoryShadowStore(),
      remote: counting,
    });
    for (let i = 0; i < 300; i++) attempts.edit(`t${i}|scales`, { score: i }, 1000 + i);
    expect(await engine.cycle('all')).toMatchObject({ pushed: 300 });
    downloaded = 0;
    // Another device's one change meanwhile: the next cycle downloads that one only.
    const other = await fay.device();
    other.attempts.edit('theirs|scales', { score: 7 }, 5000);
    await other.engine.cycle(new Set(['attempt:theirs|scales']));
    expect(await engine.cycle(new Set())).toMatchObject({ pulled: 1 });
    expect(downloaded).toBe(1);
    expect(attempts.records.get('theirs|scales')?.data).toEqual({ score: 7 });
  });

  it('syncs 1 000 attempts from a device with history to a new one', async () => {
    const erin = await account('erin');
    const [a, b] = [await erin.device(), await erin.device()];
    for (let i = 0; i < 1000; i++) a.attempts.edit(`t${i}|scales`, { score: i % 100, i }, 1000 + i);
    expect(await a.engine.cycle('all')).toMatchObject({ pushed: 1000, waiting: 0 });
    expect(await b.engine.cycle('all')).toMatchObject({ pulled: 1000 });
    expect(b.attempts.records.size).toBe(1000);
    expect(b.attempts.records.get('t999|scales')?.data).toEqual({ score: 99, i: 999 });
  });
});
