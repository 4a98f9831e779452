import { Suspense } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';
import type { TakeSource } from './take-format';

// Recording, the takes list and playback are their own chunk (initial JS budget).
const TakesDock = lazyWithRetry(() => import('./TakesDock'));

/**
 * The one line a page adds to record and review takes (`<TakesBar source="tuner" />`, last in its
 * IonContent): a Record button that stays in view while the microphone is listening, and Takes,
 * which opens the list, playback and study in a modal (no route, no tab).
 */
export function TakesBar(props: { source: TakeSource }) {
  return (
    <PanelBoundary name="Recording">
      <Suspense fallback={null}>
        <TakesDock source={props.source} />
      </Suspense>
    </PanelBoundary>
  );
}
