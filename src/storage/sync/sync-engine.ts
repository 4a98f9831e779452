/* eslint-disable max-lines -- Over 300 lines: one sync cycle (pull, push, conflicts) whose steps share the per-document shadows. */
/**
 * Two-way sync of the device's records with the account's database on the server (CouchDB's
 * protocol), one cycle at a time: pull what changed on the server since the last checkpoint,
 * then push what changed here. No timers, no network of its own: the service (sync-service.ts)
 * schedules cycles and gives it the remote database; tests give it an in-memory one.
 *
 * What it remembers per document is its *shadow*: the server revision and the hash of the content
 * last agreed with the server. A record whose hash differs from its shadow was edited here; a
 * shadow without a record was deleted here. So nothing needs to be logged at write time (a crash
 * between a write and its log cannot lose a change): a full cycle compares everything, and an
 * incremental one compares only the keys the stores said they changed.
 *
 * Conflicts (edited here and on the server since the last sync) are decided by the kind's rule
 * (`SyncAdapter.resolve`), else the later edit wins; a rule can keep both versions (`copies`).
 * An edit always wins over a deletion made elsewhere: nothing edited is lost to a delete.
 */
import { parseSyncDocId, syncDocId, type SyncDoc, type SyncKind } from './sync-doc';
import { contentHash } from './content-hash';

/** One record of a kind, as the device holds it. */
export interface SyncRecord {
  readonly key: string;
  /** Epoch ms of its last edit (the conflict rules compare it). */
  readonly updatedAtMs: number;
  readonly data: unknown;
}

/** What a conflict rule decides: the version to keep under the key, and copies to keep beside it. */
export interface Resolution {
  readonly keep: SyncRecord;
  readonly copies?: readonly SyncRecord[];
}

/** A kind of record the device keeps (history attempts, pieces, …), as the engine sees it. */
export interface SyncAdapter {
  readonly kind: SyncKind;
  /**
   * Every record of this kind on the device. Throws when its storage fails: an empty list would
   * read as "all deleted here" and delete them on the server.
   */
  list(): Promise<SyncRecord[]>;
  /** The records with these keys that exist on the device. */
  get(keys: readonly string[]): Promise<SyncRecord[]>;
  /** Stores records that came from the server (new or changed), in one go. */
  put(records: readonly SyncRecord[]): Promise<void>;
  /** Removes records deleted on the server. */
  remove(keys: readonly string[]): Promise<void>;
  /** Two versions edited apart: which to keep (default: the later edit). */
  resolve?(local: SyncRecord, remote: SyncRecord): Resolution;
}

export interface Shadow {
  readonly id: string;
  /** The server's revision of the version last agreed. */
  readonly rev: string;
  /** Hash of the content last agreed; '' for a deletion agreed with the server. */
  readonly hash: string;
  /** Set when the server refused this content (its reason): not sent again until it changes. */
  readonly refused?: { readonly hash: string; readonly reason: string };
}

/** Where the engine keeps its shadows and checkpoint (IndexedDB in the app, memory in tests). */
export interface ShadowStore {
  shadows(ids?: readonly string[]): Promise<Map<string, Shadow>>;
  saveShadows(shadows: readonly Shadow[]): Promise<void>;
  checkpoint(): Promise<string>;
  saveCheckpoint(seq: string): Promise<void>;
}

export interface RemoteChange {
  readonly id: string;
  readonly seq: string;
  readonly deleted?: boolean;
  /** The revision the change made (the engine fetches the document only if it is not known). */
  readonly rev?: string;
  readonly doc?: SyncDoc;
}

export type BulkResult =
  | { readonly id: string; readonly rev: string; readonly ok: true }
  | { readonly id: string; readonly error: string; readonly reason: string };

/** The account's database on the server (couch-client.ts speaks HTTP; tests use memory). */
export interface RemoteDb {
  /**
   * Changes after `since`, at most `limit`; `more` when the server has more after these. With
   * `withDocs` false, each change has its revision and no document (the engine fetches the ones
   * it does not have).
   */
  changes(
    since: string,
    limit: number,
    withDocs?: boolean,
  ): Promise<{ results: RemoteChange[]; lastSeq: string; more: boolean }>;
  bulkDocs(docs: readonly SyncDoc[]): Promise<BulkResult[]>;
  /** The current versions of these documents (missing and deleted ones left out). */
  get(ids: readonly string[]): Promise<SyncDoc[]>;
}

export interface CycleResult {
  readonly pulled: number;
  readonly pushed: number;
  /** Conflicts decided by a rule in this cycle. */
  readonly conflicts: number;
  /** Changes that are still waiting for the server (refused ones included). */
  readonly waiting: number;
  /** What the server refused, with its reasons (kept on the device, shown to the player). */
  readonly refused: readonly { id: string; reason: string }[];
}

const PULL_BATCH = 1000;
/** Pushed documents from which the cycle reads past its own writes at once (see `cycle`). */
const CATCH_UP_AFTER = 100;
/** Documents per _bulk_docs request, and the JSON size that closes a batch early. */
const PUSH_BATCH = 500;
const PUSH_BATCH_CHARS = 4 * 1024 * 1024;

export const laterEdit = (local: SyncRecord, remote: SyncRecord): Resolution => ({
  keep: remote.updatedAtMs > local.updatedAtMs ? remote : local,
});

const recordOf = (doc: SyncDoc, key: string): SyncRecord => ({
  key,
  updatedAtMs: doc.updatedAtMs,
  data: doc.data,
});

export interface SyncEngine {
  /**
   * One cycle: pull, then push `dirty` (ids "<kind>:<key>", or 'all' to compare every record, as
   * on sign-in and start-up). Throws the remote's error (unreachable, signed out) untouched.
   */
  cycle(dirty: ReadonlySet<string> | 'all'): Promise<CycleResult>;
}

export function createSyncEngine(options: {
  adapters: readonly SyncAdapter[];
  shadows: ShadowStore;
  remote: RemoteDb;
}): SyncEngine {
  const adapters = new Map(options.adapters.map((a) => [a.kind, a]));
  const { shadows: store, remote } = options;

  /** Applies the server's versions of documents; returns ids to push (merged or kept versions). */
  const applyRemote = async (
    docs: readonly { id: string; rev: string; deleted: boolean; doc?: SyncDoc }[],
  ): Promise<{ toPush: Set<string>; conflicts: number; applied: number }> => {
    const toPush = new Set<string>();
    let conflicts = 0;
    let applied = 0;
    const known = await store.shadows(docs.map((d) => d.id));
    const byKind = new Map<SyncKind, typeof docs>();
    for (const change of docs) {
      const parsed = parseSyncDocId(change.id);
      if (!parsed || !adapters.has(parsed.kind)) continue;
      if (known.get(change.id)?.rev === change.rev) continue; // our own write coming back
      byKind.set(parsed.kind, [...(byKind.get(parsed.kind) ?? []), change]);
    }
    const saved: Shadow[] = [];
    for (const [kind, changes] of byKind) {
      const adapter = adapters.get(kind) as SyncAdapter;
      const keyOf = (id: string): string => (parseSyncDocId(id) as { key: string }).key;
      const locals = new Map(
        (await adapter.get(changes.map((c) => keyOf(c.id)))).map((r) => [r.key, r]),
      );
      const puts: SyncRecord[] = [];
      const removals: string[] = [];
      for (const change of changes) {
        const key = keyOf(change.id);
        const shadow = known.get(change.id);
        const local = locals.get(key);
        const localHash = local ? contentHash(local.data) : '';
        const editedHere = local
          ? localHash !== shadow?.hash
          : shadow !== undefined && shadow.hash !== '';
        const remoteRecord = change.deleted || !change.doc ? null : recordOf(change.doc, key);
        const remoteHash = remoteRecord ? contentHash(remoteRecord.data) : '';
        applied++;
        if (!editedHere || (local && remoteRecord && localHash === remoteHash)) {
          // Unchanged here (or changed to the very same content): the server's version stands.
          if (remoteRecord) {
            if (localHash !== remoteHash) puts.push(remoteRecord);
          } else if (local) {
            removals.push(key);
          }
          saved.push({ id: change.id, rev: change.rev, hash: remoteHash });
          continue;
        }
        conflicts++;
        if (!local) {
          // Deleted here, edited there: the edit wins (nothing edited is lost to a delete).
          if (remoteRecord) puts.push(remoteRecord);
          saved.push({ id: change.id, rev: change.rev, hash: remoteHash });
          continue;
        }
        if (!remoteRecord) {
          // Edited here, deleted there: keep ours, and send it again on top of the tombstone.
          saved.push({ id: change.id, rev: change.rev, hash: '' });
          toPush.add(change.id);
          continue;
        }
        const resolution = (adapter.resolve ?? laterEdit)(local, remoteRecord);
        const keepHash = contentHash(resolution.keep.data);
        if (keepHash !== localHash) puts.push(resolution.keep);
        for (const copy of resolution.copies ?? []) {
          puts.push(copy);
          toPush.add(syncDocId(kind, copy.key));
        }
        saved.push({ id: change.id, rev: change.rev, hash: remoteHash });
        if (keepHash !== remoteHash) toPush.add(change.id);
      }
      if (puts.length > 0) await adapter.put(puts);
      if (removals.length > 0) {
        await adapter.remove(removals);
        // A kind may keep what another device deleted (a take whose audio is here): send it again.
        for (const kept of await adapter.get(removals)) toPush.add(syncDocId(kind, kept.key));
      }
    }
    await store.saveShadows(saved);
    return { toPush, conflicts, applied };
  };

  const pull = async (
    withDocs = true,
  ): Promise<{ toPush: Set<string>; conflicts: number; pulled: number }> => {
    const toPush = new Set<string>();
    let conflicts = 0;
    let pulled = 0;
    let since = await store.checkpoint();
    for (;;) {
      const { results, lastSeq, more } = await remote.changes(since, PULL_BATCH, withDocs);
      // Changes without their documents (after a push): only those not already agreed are
      // fetched, so this device's own writes are not downloaded again.
      const known = await store.shadows(results.map((c) => c.id));
      const revOf = (change: RemoteChange): string => change.doc?._rev ?? change.rev ?? '';
      const unknown = results.filter(
        (c) => !c.deleted && !c.doc && parseSyncDocId(c.id) && known.get(c.id)?.rev !== revOf(c),
      );
      const fetched = new Map(
        (await remote.get(unknown.map((c) => c.id))).map((doc) => [doc._id, doc]),
      );
      const outcome = await applyRemote(
        results.flatMap((c) => {
          const doc = c.doc ?? fetched.get(c.id);
          if (!doc && !c.deleted) return [];
          return [{ id: c.id, rev: doc?._rev ?? revOf(c), deleted: c.deleted === true, doc }];
        }),
      );
      outcome.toPush.forEach((id) => toPush.add(id));
      conflicts += outcome.conflicts;
      pulled += outcome.applied;
      since = lastSeq;
      await store.saveCheckpoint(since);
      if (!more) break;
    }
    return { toPush, conflicts, pulled };
  };

  /** The documents to send for these ids (edited, new or deleted here since the last agreement). */
  const outgoing = async (
    ids: ReadonlySet<string> | 'all',
  ): Promise<{ docs: SyncDoc[]; refused: { id: string; reason: string }[] }> => {
    const shadows = await store.shadows(ids === 'all' ? undefined : [...ids]);
    const docs: SyncDoc[] = [];
    const refused: { id: string; reason: string }[] = [];
    const seen = new Set<string>();
    for (const adapter of adapters.values()) {
      const prefix = adapter.kind + ':';
      let records: SyncRecord[];
      if (ids === 'all') {
        records = await adapter.list();
      } else {
        const keys = [...ids]
          .filter((id) => id.startsWith(prefix))
          .map((id) => id.slice(prefix.length));
        if (keys.length === 0) continue;
        records = await adapter.get(keys);
      }
      for (const record of records) {
        const id = syncDocId(adapter.kind, record.key);
        seen.add(id);
        const hash = contentHash(record.data);
        const shadow = shadows.get(id);
        if (shadow?.hash === hash) continue;
        if (shadow?.refused?.hash === hash) {
          refused.push({ id, reason: shadow.refused.reason });
          continue;
        }
        docs.push({
          _id: id,
          // On top of the version last agreed (a tombstone's revision too: CouchDB revives it).
          ...(shadow?.rev ? { _rev: shadow.rev } : {}),
          kind: adapter.kind,
          updatedAtMs: record.updatedAtMs,
          data: record.data,
        });
      }
    }
    // Deleted here: a shadow of content the server has, and no record any more. (Adapters throw
    // when their storage fails rather than list nothing, so a failure never reads as deletions.)
    for (const [id, shadow] of shadows) {
      if (seen.has(id) || shadow.hash === '' || shadow.rev === '') continue;
      const parsed = parseSyncDocId(id);
      if (!parsed || !adapters.has(parsed.kind)) continue;
      docs.push({
        _id: id,
        _rev: shadow.rev,
        _deleted: true,
        kind: parsed.kind,
        updatedAtMs: Date.now(),
        data: {},
      });
    }
    return { docs, refused };
  };

  const push = async (
    ids: ReadonlySet<string> | 'all',
  ): Promise<{
    pushed: number;
    conflicted: string[];
    refused: { id: string; reason: string }[];
  }> => {
    const { docs, refused } = await outgoing(ids);
    const conflicted: string[] = [];
    let pushed = 0;
    for (const batch of batches(docs)) {
      const results = await remote.bulkDocs(batch);
      const byId = new Map(batch.map((d) => [d._id, d]));
      const saved: Shadow[] = [];
      for (const result of results) {
        const doc = byId.get(result.id);
        if (!doc) continue;
        if ('ok' in result) {
          pushed++;
          saved.push({
            id: result.id,
            rev: result.rev,
            hash: doc._deleted ? '' : contentHash(doc.data),
          });
        } else if (result.error === 'conflict') {
          conflicted.push(result.id);
        } else {
          const reason = result.reason || result.error;
          refused.push({ id: result.id, reason });
          const shadow = (await store.shadows([result.id])).get(result.id);
          saved.push({
            id: result.id,
            rev: shadow?.rev ?? '',
            hash: shadow?.hash ?? '\u0000unsynced',
            refused: { hash: contentHash(doc.data), reason },
          });
        }
      }
      await store.saveShadows(saved);
    }
    return { pushed, conflicted, refused };
  };

  return {
    async cycle(dirty) {
      const pulled = await pull();
      let conflicts = pulled.conflicts;
      let targets: ReadonlySet<string> | 'all' =
        dirty === 'all' ? 'all' : new Set([...dirty, ...pulled.toPush]);
      if (dirty === 'all' && pulled.toPush.size > 0) targets = 'all';
      let pushed = 0;
      let refused: { id: string; reason: string }[] = [];
      let unsettled = 0;
      // A push refused as a conflict: someone wrote meanwhile. Fetch theirs, decide, push again.
      for (let round = 0; round < 3; round++) {
        const result = await push(targets);
        pushed += result.pushed;
        refused = result.refused;
        unsettled = result.conflicted.length;
        if (result.conflicted.length === 0) break;
        const current = await remote.get(result.conflicted);
        const present = new Set(current.map((d) => d._id));
        const outcome = await applyRemote([
          ...current.map((doc) => ({ id: doc._id, rev: doc._rev ?? '', deleted: false, doc })),
          // Gone on the server (deleted and compacted away): push ours as new.
          ...result.conflicted
            .filter((id) => !present.has(id))
            .map((id) => ({ id, rev: '', deleted: true })),
        ]);
        conflicts += outcome.conflicts;
        targets = new Set([...result.conflicted, ...outcome.toPush]);
      }
      // Past this device's own writes now, after a big push: otherwise the next cycle reads them
      // all back (the bench's first change after a first sync of 10 000 attempts took 1.7 s for
      // it). After a few, the next pull's one request brings them back cheaply.
      let caughtUp = 0;
      if (pushed >= CATCH_UP_AFTER) {
        const after = await pull(false);
        conflicts += after.conflicts;
        caughtUp = after.pulled;
      }
      return {
        pulled: pulled.pulled + caughtUp,
        pushed,
        conflicts,
        waiting: unsettled + refused.length,
        refused,
      };
    },
  };
}

function* batches(docs: readonly SyncDoc[]): Generator<SyncDoc[]> {
  let batch: SyncDoc[] = [];
  let chars = 0;
  for (const doc of docs) {
    const size = JSON.stringify(doc.data).length;
    if (batch.length > 0 && (batch.length >= PUSH_BATCH || chars + size > PUSH_BATCH_CHARS)) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(doc);
    chars += size;
  }
  if (batch.length > 0) yield batch;
}
