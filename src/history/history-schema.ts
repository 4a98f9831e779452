import Dexie, { type EntityTable, type Table } from 'dexie';
import { attemptKey, type AttemptRecord } from './records';
import { summarise, type HistorySummary } from './summary';

/** An attempt as stored: with its stable key (start time and exercise). */
export type StoredAttempt = AttemptRecord & { key: string };

export class HistoryDb extends Dexie {
  attempts!: EntityTable<StoredAttempt, 'id'>;
  summary!: Table<HistorySummary, string>;
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(name, {
      ...(indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {}),
      // The app opens the database itself, with a deadline (see `open` below).
      autoOpen: false,
    });
    this.version(1).stores({ attempts: '++id, startedAt, exercise' });
    // Version 2: a stable key per attempt (dedupe, upsert) and the aggregates for the charts.
    this.version(2)
      .stores({ attempts: '++id, startedAt, exercise, key', summary: 'id' })
      .upgrade(async (tx) => {
        const seen = new Set<string>();
        const kept: AttemptRecord[] = [];
        await tx
          .table<StoredAttempt, number>('attempts')
          .toCollection()
          .modify((attempt, ref) => {
            const key = attemptKey(attempt);
            if (seen.has(key)) {
              // Version 1 stored the same attempt again when a file repeated it: keep one.
              delete (ref as { value?: unknown }).value;
              return;
            }
            seen.add(key);
            attempt.key = key;
            kept.push(attempt);
          });
        await tx.table('summary').put(summarise(kept));
      });
    // Version 3: recorded takes (src/takes/take-store.ts types and owns these two tables): one row
    // per take, its audio and readings in chunks of about a second, written as they are recorded.
    this.version(3).stores({ takes: 'id, startedAtMs', takeChunks: '[takeId+seq], takeId' });
  }
}
