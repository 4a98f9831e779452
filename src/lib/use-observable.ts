import { useCallback, useSyncExternalStore } from 'react';
import type { ReadonlyObservable } from '../lib/observable';

/**
 * The current value of an observable; re-renders only the calling component when it changes.
 * `get()` must return the same reference until the value changes (observables from
 * `createObservable` do). Methods are called on the observable, so class-based ones work too.
 */
export function useObservable<T>(observable: ReadonlyObservable<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => observable.subscribe(onChange),
    [observable],
  );
  const getSnapshot = useCallback(() => observable.get(), [observable]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
