import { HistoryDatabase } from '../storage/databases';
import { attemptKey, type AttemptRecord } from './records';
import { summarise, type HistorySummary } from './summary';

/** An attempt as stored: with its stable key (start time and exercise). */
export type StoredAttempt = AttemptRecord & { key: string };

/** The history database (declared in src/storage) with the history's own key and aggregates. */
export class HistoryDb extends HistoryDatabase<AttemptRecord, HistorySummary> {
  constructor(name: string, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(name, { keyOf: attemptKey, summarise }, indexedDB, keyRange);
  }
}
