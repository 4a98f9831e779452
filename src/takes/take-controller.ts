import type { PitchService } from '../audio/stream/pitch-service-types';
import { createTakeRecorder, type TakeRecorder } from './take-recorder';
import { getTakeStore } from './take-store';

let shared: { service: PitchService; recorder: TakeRecorder } | undefined;

/** The app's one take recorder (one take at a time, shared by the tuner and the exercises). */
export function getTakeRecorder(service: PitchService): TakeRecorder {
  if (shared?.service !== service) {
    shared = { service, recorder: createTakeRecorder({ service, store: getTakeStore() }) };
  }
  return shared.recorder;
}

/** Label of where a take was recorded. */
export function sourceLabel(source: string): string {
  const labels: Record<string, string> = {
    tuner: 'Tuner',
    practice: 'Practice',
    'long-tones': 'Long tones',
    'lip-slurs': 'Lip slurs',
    scales: 'Scales',
    intervals: 'Intervals',
  };
  return labels[source] ?? source;
}
