/**
 * The history database (`embouchure-history`): attempts with their aggregates, and the takes'
 * tables (src/takes/take-store.ts types and owns those). Declared here, where IndexedDB is opened;
 * what an attempt is and how its key and aggregates are made stays with the history
 * (`HistorySchemaRules`), so this file knows the tables, not the music.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';

/** What version 2's upgrade needs from the history: an attempt's stable key and the aggregates. */
export interface HistorySchemaRules<A, S> {
  keyOf(attempt: A): string;
  summarise(attempts: readonly A[]): S;
}

export class HistoryDatabase<A extends object, S extends { id: string }> extends Dexie {
  attempts!: EntityTable<A & { key: string; id?: number }, 'id'>;
  summary!: Table<S, string>;
  constructor(
    name: string,
    rules: HistorySchemaRules<A, S>,
    indexedDB?: IDBFactory,
    keyRange?: typeof IDBKeyRange,
  ) {
    super(name, {
      ...(indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {}),
      // The app opens the database itself, with a deadline (open-policy.ts).
      autoOpen: false,
    });
    this.version(1).stores({ attempts: '++id, startedAt, exercise' });
    // Version 2: a stable key per attempt (dedupe, upsert) and the aggregates for the charts.
    this.version(2)
      .stores({ attempts: '++id, startedAt, exercise, key', summary: 'id' })
      .upgrade(async (tx) => {
        const seen = new Set<string>();
        const kept: A[] = [];
        await tx
          .table<A & { key: string }, number>('attempts')
          .toCollection()
          .modify((attempt, ref) => {
            const key = rules.keyOf(attempt);
            if (seen.has(key)) {
              // Version 1 stored the same attempt again when a file repeated it: keep one.
              delete (ref as { value?: unknown }).value;
              return;
            }
            seen.add(key);
            attempt.key = key;
            kept.push(attempt);
          });
        await tx.table('summary').put(rules.summarise(kept));
      });
    // Version 3: recorded takes (src/takes/take-store.ts types and owns these two tables): one row
    // per take, its audio and readings in chunks of about a second, written as they are recorded.
    this.version(3).stores({ takes: 'id, startedAtMs', takeChunks: '[takeId+seq], takeId' });
  }
}

export type { Table, Transaction } from 'dexie';
