import { Suspense } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';
import type { TakeSource } from './take-format';

// Recording, the takes list and playback are their own chunk (initial JS budget).
const TakesDock = lazyWithRetry(() => import('./TakesDock'));

/**
 * The one line a page adds to record and review takes, opening the list, playback and study in a
 * modal (no route, no tab). `<TakesBar source="tuner" />` goes right after the page's IonContent
 * (a strip above the tab bar: the content ends above it, nothing is covered);
 * `<TakesBar compact … />` goes in a header toolbar while an exercise is on screen (one control).
 */
export function TakesBar(props: { source: TakeSource; compact?: boolean }) {
  return (
    <PanelBoundary name="Recording">
      <Suspense fallback={null}>
        <TakesDock source={props.source} variant={props.compact ? 'compact' : 'bar'} />
      </Suspense>
    </PanelBoundary>
  );
}
