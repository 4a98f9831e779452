/**
 * The account's sync, measured on this machine against the embedded server (CouchDB's protocol,
 * express-pouchdb on LevelDB in a temporary folder, as `npm start` runs it), with the app's own
 * sync engine and HTTP client; each device is a cookie jar and memory stores of realistic records
 * (the history's sample attempt with 12 notes, a 64-bar part per piece).
 *
 * Printed: sign-in; the first full sync of 10 000 attempts + 50 pieces (push from the device that
 * has them, then pull to a new device); an incremental change's time to the other device, which
 * waits on the server's long poll as the app does (median of 20); a change made offline reaching
 * the server after it is back. Medians, beside the goals of issue 35 and the probe it quotes, and
 * beside PouchDB 7.3's replication (the client issue 35 names, with its memory adapter: no
 * IndexedDB in Node) doing the same against the same server, with the same documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookieFetch } from '../server/cookie-fetch';
import { median as medianOrNull } from '../src/music';
import { startSyncServer } from '../server/sync-server';
import { createCouchClient, userDbName } from '../src/storage/sync/couch-client';
import { memoryAdapter, type MemoryAdapter } from '../src/storage/sync/memory-adapter';
import { createSyncEngine, type SyncEngine } from '../src/storage/sync/sync-engine';
import { memoryShadowStore } from '../src/storage/sync/shadow-store';

const PASSWORD = 'correct horse battery';

/** The project's one median (src/music), for lists that are never empty here. */
const median = (values: readonly number[]): number => medianOrNull(values) ?? NaN;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

function attempt(i: number): object {
  return {
    startedAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    durationS: 95,
    exercise: 'long-tones',
    settings: { instrument: 'bb-trumpet', a4Hz: 440, inTuneCents: 10, holdSeconds: 8 },
    score: 40 + (i % 60),
    notes: Array.from({ length: 12 }, (_, n) => ({
      writtenMidi: 60 + n,
      name: `N${n}`,
      score: 50 + n,
      medianCents: -14.2 + n,
      spreadCents: 4.1,
      driftCents: -2,
      inTuneFraction: 0.4,
    })),
  };
}

function piece(i: number): object {
  const notes = Array.from({ length: 256 }, (_, n) => ({
    writtenMidi: 64 + (n % 12),
    startQuarters: n,
    durationQuarters: 1,
    startMs: n * 500,
    durationMs: 500,
    measure: Math.floor(n / 4),
    tie: 'none',
  }));
  return {
    id: `piece-${i}`,
    title: `Study ${i}`,
    fileName: `study-${i}.musicxml`,
    partId: null,
    importedAtMs: 1_700_000_000_000 + i,
    score: {
      title: `Study ${i}`,
      notes,
      measures: Array.from({ length: 64 }, (_, m) => ({ index: m })),
      tempos: [{ atQuarters: 0, value: 120 }],
    },
    practice: { mode: 'follow', tempoPercent: 100, loop: null, trainer: false },
    origin: 'file',
  };
}

/* PouchDB ships no types; the bench uses this much of it. */
interface PouchDb {
  bulkDocs(docs: object[]): Promise<unknown[]>;
  put(doc: object): Promise<unknown>;
  get(id: string): Promise<object>;
  info(): Promise<{ doc_count: number }>;
  destroy(): Promise<void>;
  replicate: {
    to(target: PouchDb, options?: object): Promise<{ docs_written: number }>;
    from(
      source: PouchDb,
      options?: object,
    ): Promise<{ docs_written: number }> & {
      on(event: 'change', listener: (info: { docs: { _id: string }[] }) => void): void;
      cancel(): void;
    };
  };
}
type PouchConstructor = {
  new (name: string, options?: object): PouchDb;
  prototype: object;
  plugin(plugin: unknown): PouchConstructor;
};

/** The same three figures with PouchDB's replication, against the same server, same documents. */
async function pouchSideBySide(
  serverUrl: string,
  docs: readonly { _id: string; kind: string; updatedAtMs: number; data: object }[],
): Promise<{ pushMs: number; pullMs: number; changes: number[] }> {
  const require = createRequire(import.meta.url);
  // The server's pouchdb-core, in this process too: its plugins (replication, http, memory) are
  // on the one constructor already, or added here when missing.
  const Pouch = require('pouchdb-core') as PouchConstructor;
  if (!('replicate' in Pouch.prototype)) Pouch.plugin(require('pouchdb-replication'));
  Pouch.plugin(require('pouchdb-adapter-http')).plugin(require('pouchdb-adapter-memory'));
  const setup = createCouchClient(serverUrl, cookieFetch());
  await setup.signUp('bench-pouch', PASSWORD);
  const remoteFor = async (): Promise<PouchDb> => {
    const jar = cookieFetch();
    await createCouchClient(serverUrl, jar).signIn('bench-pouch', PASSWORD);
    await createCouchClient(serverUrl, jar).waitForUserDb('bench-pouch', 10_000);
    return new Pouch(`${serverUrl}/${userDbName('bench-pouch')}`, { fetch: jar, skip_setup: true });
  };
  const a = new Pouch('pouch-a', { adapter: 'memory' });
  const b = new Pouch('pouch-b', { adapter: 'memory' });
  const [remoteA, remoteB] = [await remoteFor(), await remoteFor()];
  await a.bulkDocs([...docs]);
  let t0 = performance.now();
  const pushed = await a.replicate.to(remoteA);
  const pushMs = performance.now() - t0;
  t0 = performance.now();
  const pulled = await b.replicate.from(remoteB);
  const pullMs = performance.now() - t0;
  // The pull also brings the account's design document (the validation function).
  if (pushed.docs_written !== docs.length || pulled.docs_written < docs.length) {
    throw new Error(`PouchDB: pushed ${pushed.docs_written}, pulled ${pulled.docs_written}`);
  }
  // B follows the server live (PouchDB's long poll); A writes one and replicates it up.
  const live = b.replicate.from(remoteB, { live: true, retry: true });
  const arrivals = new Map<string, number>();
  live.on('change', (info) => {
    for (const doc of info.docs) arrivals.set(doc._id, performance.now());
  });
  const changes: number[] = [];
  for (let round = 0; round < 20; round++) {
    const id = `attempt:pouch-${round}|scales`;
    const start = performance.now();
    await a.put({
      _id: id,
      kind: 'attempt',
      updatedAtMs: Date.now(),
      data: attempt(40_000 + round),
    });
    await a.replicate.to(remoteA);
    while (!arrivals.has(id)) await new Promise((resolve) => setTimeout(resolve, 1));
    changes.push((arrivals.get(id) as number) - start);
  }
  live.cancel();
  await a.destroy();
  await b.destroy();
  return { pushMs, pullMs, changes };
}

interface Device {
  engine: SyncEngine;
  attempts: MemoryAdapter;
  pieces: MemoryAdapter;
  remote: ReturnType<ReturnType<typeof createCouchClient>['userDb']>;
  shadows: ReturnType<typeof memoryShadowStore>;
}

export async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'embouchure-sync-bench-'));
  const server = await startSyncServer({ dir });
  try {
    const first = createCouchClient(server.url, cookieFetch());
    await first.signUp('bench', PASSWORD);
    await first.signIn('bench', PASSWORD);
    await first.waitForUserDb('bench', 10_000);

    const signIns: number[] = [];
    const device = async (): Promise<Device> => {
      const client = createCouchClient(server.url, cookieFetch());
      const t0 = performance.now();
      await client.signIn('bench', PASSWORD);
      signIns.push(performance.now() - t0);
      const attempts = memoryAdapter('attempt');
      const pieces = memoryAdapter('piece');
      const shadows = memoryShadowStore();
      const remote = client.userDb('bench');
      return {
        engine: createSyncEngine({ adapters: [attempts, pieces], shadows, remote }),
        attempts,
        pieces,
        remote,
        shadows,
      };
    };
    for (let i = 0; i < 9; i++) await device();
    const a = await device();
    const b = await device();

    for (let i = 0; i < 10_000; i++) {
      const data = attempt(i);
      a.attempts.edit(
        `${(data as { startedAt: string }).startedAt}|long-tones`,
        data,
        1_700_000_000_000 + i,
      );
    }
    for (let i = 0; i < 50; i++) a.pieces.edit(`piece-${i}`, piece(i), 1_700_000_000_000 + i);

    let t0 = performance.now();
    const pushed = await a.engine.cycle('all');
    const pushMs = performance.now() - t0;
    t0 = performance.now();
    const pulled = await b.engine.cycle('all');
    const pullMs = performance.now() - t0;
    if (
      pushed.pushed !== 10_050 ||
      pulled.pulled !== 10_050 ||
      b.attempts.records.size !== 10_000
    ) {
      throw new Error(`first sync incomplete: pushed ${pushed.pushed}, pulled ${pulled.pulled}`);
    }

    // An incremental change: A saves one attempt; B waits on the long poll, then runs a cycle.
    const changes: number[] = [];
    for (let round = 0; round < 20; round++) {
      const key = `bench-${round}|scales`;
      const since = await b.shadows.checkpoint();
      const controller = new AbortController();
      const arrived = (async () => {
        await b.remote.waitForChange(since, 25_000, controller.signal);
        await b.engine.cycle(new Set());
        return performance.now();
      })();
      const start = performance.now();
      a.attempts.edit(key, attempt(20_000 + round), Date.now());
      await a.engine.cycle(new Set([`attempt:${key}`]));
      const end = await arrived;
      if (!b.attempts.records.has(key))
        throw new Error(`round ${round}: the change did not arrive`);
      changes.push(end - start);
    }

    const pouch = await pouchSideBySide(
      server.url,
      [...a.attempts.records.values(), ...a.pieces.records.values()].map((r, i) => ({
        _id: (i < 10_000 ? 'attempt:' : 'piece:') + r.key,
        kind: i < 10_000 ? 'attempt' : 'piece',
        updatedAtMs: r.updatedAtMs,
        data: r.data as object,
      })),
    );

    // A change made while the server is down, sent when it is back.
    await server.close();
    a.attempts.edit('offline|scales', attempt(30_000), Date.now());
    const offline = await a.engine.cycle(new Set(['attempt:offline|scales'])).then(
      () => 'sent?',
      (error: unknown) => String(error),
    );
    const back = await startSyncServer({ dir, port: Number(new URL(server.url).port) });
    const client = createCouchClient(back.url, cookieFetch());
    await client.signIn('bench', PASSWORD);
    const again = createSyncEngine({
      adapters: [a.attempts, a.pieces],
      shadows: a.shadows,
      remote: client.userDb('bench'),
    });
    t0 = performance.now();
    await again.cycle(new Set(['attempt:offline|scales']));
    const catchUpMs = performance.now() - t0;
    await back.close();

    const rows: [string, string, string, string, string][] = [
      ['sign-in (median of 11)', ms(median(signIns)), '—', '—', '53 ms'],
      ['first sync: push 10 000 attempts + 50 pieces', ms(pushMs), ms(pouch.pushMs), '—', '—'],
      ['first sync: a new device pulls them all', ms(pullMs), ms(pouch.pullMs), '< 10 000 ms', '—'],
      [
        'a change reaches the other device (median of 20)',
        ms(median(changes)),
        ms(median(pouch.changes)),
        '< 1 000 ms',
        '156 ms push + 70 ms pull',
      ],
      ['  its slowest of 20', ms(Math.max(...changes)), ms(Math.max(...pouch.changes)), '', ''],
      ['a change made offline, once the server is back', ms(catchUpMs), '—', '—', '351 ms'],
    ];
    console.log(
      `bench:sync, ${new Date().toISOString().slice(0, 10)}, embouchure sync server (express-pouchdb 4.2, LevelDB) on 127.0.0.1`,
    );
    console.log(`offline cycle failed as it should: ${offline.slice(0, 80)}`);
    const widths = [52, 12, 14, 13, 26];
    const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' ');
    console.log(line(['', 'embouchure', 'PouchDB 7.3', 'goal', 'issue 35 probe']));
    for (const row of rows) console.log(line(row));
    const slowest = (list: number[]) => list.indexOf(Math.max(...list)) + 1;
    console.log(
      `the slowest change was round ${slowest(changes)} of 20 here, ${slowest(pouch.changes)} with PouchDB`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
