/**
 * Today's routine as the device keeps it: one value in its key-value storage, with the time of its
 * last edit, synced with the account as a whole (the later edit wins, src/shell/app-sync.ts).
 */
import { createSyncedItem, type KeyValueStorage, type SyncedItem } from '../../storage';
import type { ExerciseKind } from '../../history/records';
import { parseRoutine, ROUTINE_STORAGE_KEY } from './routine';

export function createRoutineItem(storage?: KeyValueStorage | null): SyncedItem<ExerciseKind[]> {
  return createSyncedItem({ key: ROUTINE_STORAGE_KEY, parse: parseRoutine, storage });
}

let shared: SyncedItem<ExerciseKind[]> | undefined;
export function getRoutineItem(): SyncedItem<ExerciseKind[]> {
  shared ??= createRoutineItem();
  return shared;
}
