/**
 * The pieces library's database (`embouchure-pieces`, its own so adding it needed no upgrade of
 * the history database other tabs may hold open): pieces, their attempts, and per-day score sums.
 * What a day's row is made of stays with the pieces (`PiecesSchemaRules`).
 */
import Dexie, { type Table } from 'dexie';

export interface PiecesSchemaRules<A, D> {
  /** Version 2's per-day rows, built once from the attempts already stored. */
  scoreDays(attempts: readonly A[]): D[];
}

export class PiecesDatabase<P, A extends { id?: number }, D> extends Dexie {
  pieces!: Table<P, string>;
  attempts!: Table<A, number>;
  scoreDays!: Table<D, [string, string]>;
  constructor(
    name: string,
    rules: PiecesSchemaRules<A, D>,
    indexedDB?: IDBFactory,
    keyRange?: typeof IDBKeyRange,
  ) {
    super(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : {});
    this.version(1).stores({ pieces: 'id, importedAtMs', attempts: '++id, pieceId, atMs' });
    // Version 2: the per-day score sums, built once from the attempts already stored.
    this.version(2)
      .stores({ scoreDays: '[pieceId+day], pieceId' })
      .upgrade(async (tx) => {
        const attempts = await tx.table<A>('attempts').toArray();
        await tx.table<D>('scoreDays').bulkPut(rules.scoreDays(attempts));
      });
  }
}
