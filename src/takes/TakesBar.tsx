import { Suspense, useEffect, useState } from 'react';
import type { PitchService } from '../audio/stream/pitch-service-types';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';
import { usePitchService } from '../shared-ui/pitch-service-context';
import type { TakeSource } from './take-format';

// Recording, the takes list and playback are their own chunk (initial JS budget).
const TakesDock = lazyWithRetry(() => import('./TakesDock'));

/**
 * The dock's chunk (with its IndexedDB library, ~130 kB before compression) is fetched after the
 * tuner's first pitch, or this long after the page opens if none comes (a silent room): on a slow
 * phone it no longer competes with the engine for the network and the CPU (issue 23 row 16).
 */
export const TAKES_DOCK_LATEST_MS = 3000;

/** True once the first pitch was heard or TAKES_DOCK_LATEST_MS have passed. */
function useAfterFirstPitch(service: PitchService): boolean {
  const [ready, setReady] = useState(() => service.reading.get().hz > 0);
  useEffect(() => {
    if (ready) return;
    const done = (): void => setReady(true);
    const timer = setTimeout(done, TAKES_DOCK_LATEST_MS);
    const unsubscribe = service.reading.subscribe((reading) => {
      if (reading.hz > 0) done();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [service, ready]);
  return ready;
}

/**
 * The one line a page adds to record and review takes, opening the list, playback and study in a
 * modal (no route, no tab). `<TakesBar source="tuner" />` goes right after the page's IonContent
 * (a strip above the tab bar: the content ends above it, nothing is covered);
 * `<TakesBar compact … />` goes in a header toolbar while an exercise is on screen (one control).
 */
export function TakesBar(props: { source: TakeSource; compact?: boolean }) {
  const ready = useAfterFirstPitch(usePitchService());
  if (!ready) return null;
  return (
    <PanelBoundary name="Recording">
      <Suspense fallback={null}>
        <TakesDock source={props.source} variant={props.compact ? 'compact' : 'bar'} />
      </Suspense>
    </PanelBoundary>
  );
}
