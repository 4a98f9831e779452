import { afterEach, describe, expect, it, vi } from 'vitest';
import { forward, track } from './track';

// The events the analytics module was given (a stand-in for the real one, which would read the
// consent and load the SDK).
const given = vi.hoisted(() => [] as unknown[]);
vi.mock('./analytics', () => ({ track: (event: unknown) => given.push(event) }));

describe('track', () => {
  afterEach(() => {
    given.length = 0;
  });

  it('loads nothing in a build without the analytics configuration', async () => {
    expect(__ANALYTICS_CONFIGURED__).toBe(false); // the test build has none
    track({ name: 'app_opened' });
    track({ name: 'tuner_started' });
    // A load started after them has arrived: theirs, had they started one, would have too.
    forward({ name: 'exercise_completed', exerciseType: 'long-tones', score: 80 });
    await vi.waitFor(() => expect(given).not.toEqual([]));
    expect(given).toEqual([{ name: 'exercise_completed', exerciseType: 'long-tones', score: 80 }]);
  });

  it('a configured build hands each event to the analytics code', async () => {
    forward({ name: 'app_opened' });
    await vi.waitFor(() => expect(given).toEqual([{ name: 'app_opened' }]));
  });
});
