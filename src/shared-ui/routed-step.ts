import { createContext, useContext, useEffect, useRef, useState } from 'react';

/**
 * The route of a screen's second step (an exercise's run and results, under its setup), given by
 * the page that routes it (src/pages/ExercisePage.tsx). Without one (a screen rendered alone),
 * the step is plain state.
 */
export interface StepRoute {
  /** The URL is on the step (`…/play`). */
  active: boolean;
  /** Pushes the step's URL (a history entry: Back returns to the setup). */
  enter(): void;
  /** Back to the setup's URL. */
  leave(): void;
}

export const StepRouteContext = createContext<StepRoute | null>(null);

/**
 * `useState<T | null>(null)` for a screen's step, kept in the router's history: setting a value
 * enters the step's URL, null (the screen's Back) leaves it, and the browser's or Android's Back
 * leaves it too (the value is dropped). The value itself stays in memory: a reloaded or forwarded
 * step URL shows the setup.
 */
export function useRoutedStep<T>(): [T | null, (next: T | null) => void] {
  const route = useContext(StepRouteContext);
  const [value, setValue] = useState<T | null>(null);
  // Between set(value) and the router's location catching up (it updates in a transition).
  const entering = useRef(false);
  const active = route?.active ?? true;
  useEffect(() => {
    if (active) entering.current = false;
    else if (!entering.current && value !== null) setValue(null);
  }, [active, value]);
  const set = (next: T | null): void => {
    setValue(next);
    if (!route) return;
    if (next !== null && !route.active) {
      if (entering.current) return; // a second tap before the URL changed: one entry
      entering.current = true;
      route.enter();
    } else if (next === null && route.active) route.leave();
  };
  return [active ? value : null, set];
}
