/**
 * The history as the account syncs it: each attempt one document keyed by its start time and
 * exercise (`attemptKey`), checked on arrival as an imported file is (`validateAttempt`: a bad
 * document from another device is left out and counted, never stored half-read).
 *
 * The conflict rule: the two versions are of the same attempt (one start, one exercise), saved as
 * it happened on one device. The finished one wins over a partial draft; between two finished or
 * two partial ones, the one that ran longer (it was saved later, with more of the attempt).
 */
import type { Resolution, SyncRecord, SyncSource } from '../storage/sync';
import type { HistoryStore } from './history-db';
import { attemptKey, validateAttempt, type AttemptRecord } from './records';

/** When this version of the attempt was saved: its end (a draft saved as it happens grows). */
export const attemptSavedAtMs = (attempt: AttemptRecord): number =>
  Date.parse(attempt.startedAt) + Math.round(attempt.durationS * 1000);

function recordOf(attempt: AttemptRecord): SyncRecord {
  const { id: _id, ...data } = attempt;
  return { key: attemptKey(attempt), updatedAtMs: attemptSavedAtMs(attempt), data };
}

export function resolveAttempts(local: SyncRecord, remote: SyncRecord): Resolution {
  const partial = (r: SyncRecord): boolean =>
    (r.data as Partial<AttemptRecord>).partial !== undefined;
  if (partial(local) !== partial(remote)) return { keep: partial(local) ? remote : local };
  return { keep: remote.updatedAtMs > local.updatedAtMs ? remote : local };
}

export function historySyncSource(store: HistoryStore): SyncSource {
  return {
    kind: 'attempt',
    list: async () => (await store.all()).map(recordOf),
    get: async (keys) => (await store.byKeys(keys)).map(recordOf),
    async put(records) {
      const valid: AttemptRecord[] = [];
      for (const record of records) {
        const checked = validateAttempt(record.data, `synced attempt ${record.key}`);
        // A key that does not match its attempt would store it under another key: left out.
        if (checked.ok && attemptKey(checked.value) === record.key) valid.push(checked.value);
      }
      await store.putSynced(valid);
    },
    remove: (keys) => store.removeKeys(keys),
    resolve: resolveAttempts,
    subscribe: (listener) => store.changes.subscribe(listener),
  };
}
