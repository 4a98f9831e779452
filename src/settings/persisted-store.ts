import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { defaultStorage, editedAtMsOf, storageProblemOf, type KeyValueStorage } from '../storage';

/**
 * A small persisted, validated, observable record: the one mechanism behind the practice settings
 * (`settings.ts`) and the app preferences (`preferences.ts`). Stored as JSON under a versioned key;
 * on load every invalid or missing field takes its default (a bad or foreign value never breaks the
 * app); updates are validated up front and throw a RangeError naming what is allowed.
 */

/** Returns undefined when the value is valid, else what is wrong (for the error message). */
export type Validators<T> = { [K in keyof T]: (value: unknown) => string | undefined };

export type { KeyValueStorage } from '../storage';

export interface PersistedStore<T> extends ReadonlyObservable<Readonly<T>> {
  /** Validates then applies and persists `patch`; throws a RangeError naming what is allowed. */
  update(patch: Partial<T>): void;
  /** Back to the defaults (persisted). */
  reset(): void;
  /**
   * Why the last change could not be saved (storage full or blocked), else null. The change
   * still applies for this session; the UI says it will not survive a restart.
   */
  readonly saveProblem: ReadonlyObservable<string | null>;
  /** Epoch ms of the last change made (here or synced), 0 if never changed: the sync compares it. */
  editedAtMs(): number;
  /**
   * A version from the account (another device's edit at `editedAtMs`): every valid field is
   * taken, an invalid one keeps its value here.
   */
  applySynced(raw: unknown, editedAtMs: number): void;
}

export interface PersistedStoreOptions<T> {
  defaults: Readonly<T>;
  validators: Validators<T>;
  /** Word used in error messages, e.g. "setting" → `Setting a4Hz must be …`. */
  noun: string;
  storage: KeyValueStorage | null;
  key: string;
}

/** A record from an untrusted stored value: every invalid or missing field takes its default. */
export function parseRecord<T extends object>(
  raw: unknown,
  defaults: Readonly<T>,
  validators: Validators<T>,
): T {
  const result: T = { ...defaults };
  if (typeof raw !== 'object' || raw === null) return result;
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(validators) as (keyof T & string)[]) {
    if (validators[key](record[key]) === undefined) {
      // The validator just checked the type of this very field.
      (result as Record<string, unknown>)[key] = record[key];
    }
  }
  return result;
}

export function createPersistedStore<T extends object>(
  options: PersistedStoreOptions<T>,
): PersistedStore<T> {
  const { defaults, validators, noun, storage, key } = options;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const observable = createObservable<Readonly<T>>(
    Object.freeze(load(storage, key, defaults, validators)),
  );
  const saveProblem = createObservable<string | null>(null);
  const stampKey = key + '.editedAtMs';
  const commit = (next: T, atMs = Date.now()): void => {
    observable.set(Object.freeze(next));
    try {
      storage?.setItem(stampKey, String(atMs));
      storage?.setItem(key, JSON.stringify(next));
      saveProblem.set(null);
    } catch (error) {
      // Storage full or disabled (private mode): the value still applies for this session.
      saveProblem.set(
        `Your ${noun} change applies now but could not be saved (${storageReason(error)}), so it will be lost when the app restarts.`,
      );
    }
  };
  return {
    get: observable.get,
    subscribe: observable.subscribe,
    saveProblem,
    update(patch) {
      const current = observable.get();
      const next: T = { ...current };
      let changed = false;
      for (const field of Object.keys(patch) as (keyof T & string)[]) {
        const validate = validators[field] as Validators<T>[keyof T] | undefined;
        if (!validate) throw new RangeError(`Unknown ${noun} "${field}"`);
        const value = patch[field];
        const problem = validate(value);
        if (problem) throw new RangeError(`${Noun} ${field} ${problem}, got ${String(value)}`);
        if (!Object.is(current[field], value)) changed = true;
        (next as Record<string, unknown>)[field] = value;
      }
      if (changed) commit(next);
    },
    reset() {
      commit({ ...defaults });
    },
    editedAtMs: () => editedAtMsOf(key, storage),
    applySynced(raw, editedAtMs) {
      const current = observable.get();
      const next = parseRecord(raw, current, validators);
      if (Object.keys(next).some((f) => !Object.is(next[f as keyof T], current[f as keyof T]))) {
        commit(next, editedAtMs);
      }
    },
  };
}

function load<T extends object>(
  storage: KeyValueStorage | null,
  key: string,
  defaults: Readonly<T>,
  validators: Validators<T>,
): T {
  try {
    const text = storage?.getItem(key);
    return parseRecord(text ? JSON.parse(text) : undefined, defaults, validators);
  } catch {
    return { ...defaults };
  }
}

function storageReason(error: unknown): string {
  return storageProblemOf(error) === 'full'
    ? "this device's storage for the app is full: free some space"
    : 'storage is blocked in this browser';
}

/** One kind of persisted record: how to parse it, make a store of it, and the app-wide one. */
export interface PersistedKind<T> {
  /** The record from an untrusted stored value: every invalid or missing field takes its default. */
  parse(raw: unknown): T;
  /** A store on `storage` (default localStorage) under `key` (default the kind's own key). */
  create(storage?: KeyValueStorage | null, key?: string): PersistedStore<T>;
  /** The app-wide store (created on first use, backed by localStorage). */
  shared(): PersistedStore<T>;
}

export function persistedKind<T extends object>(
  options: Omit<PersistedStoreOptions<T>, 'storage'>,
): PersistedKind<T> {
  const { defaults, validators } = options;
  let shared: PersistedStore<T> | undefined;
  const create = (
    storage: KeyValueStorage | null = defaultStorage(),
    key: string = options.key,
  ): PersistedStore<T> => createPersistedStore({ ...options, storage, key });
  return {
    parse: (raw) => parseRecord(raw, defaults, validators),
    create,
    shared: () => (shared ??= create()),
  };
}
