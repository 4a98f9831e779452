/**
 * A value that changes over time. Small on purpose: React reads it with `useSyncExternalStore`,
 * so only the components that subscribe re-render, never the whole tree.
 */
export interface ReadonlyObservable<T> {
  get(): T;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface Observable<T> extends ReadonlyObservable<T> {
  set(value: T): void;
}

/** Equal values (by `Object.is`) are not re-emitted. */
export function createObservable<T>(initial: T): Observable<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of [...listeners]) listener(value);
    },
  };
}

/** Things that happen (events), not a value: nothing to `get`, every emit reaches the listeners. */
export interface EventSource<T> {
  subscribe(listener: (event: T) => void): () => void;
}

export interface Emitter<T> extends EventSource<T> {
  emit(event: T): void;
}

export function createEmitter<T>(): Emitter<T> {
  const listeners = new Set<(event: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}
