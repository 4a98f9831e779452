/**
 * The app's IndexedDB databases, declared where IndexedDB is opened (Dexie stays in the chunks of
 * the screens that read them, not in the first page's code: src/storage/index.ts is light).
 */
export {
  HistoryDatabase,
  type HistorySchemaRules,
  type Table,
  type Transaction,
} from './history-database';
export { PiecesDatabase, type PiecesSchemaRules } from './pieces-database';
