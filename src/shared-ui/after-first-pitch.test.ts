import { afterEach, describe, expect, it, vi } from 'vitest';
import { createObservable } from '../lib/observable';
import { DEFAULT_MODE, idleReading } from '../audio/stream/stream-defaults';
import type { PitchReading } from '../audio/stream/pitch-service-types';
import { afterFirstPitch } from './after-first-pitch';

const silence = (atMs: number): PitchReading => idleReading(atMs, DEFAULT_MODE);
const pitched = (atMs: number, hz: number): PitchReading => ({
  ...silence(atMs),
  hz,
  clarity: 0.95,
});

/** Whether the promise has settled, after letting pending callbacks run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstPitch: start-up work that waits for the first pitch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits through readings without a pitch, then resolves on the first reading with one', async () => {
    vi.useFakeTimers();
    const reading = createObservable(silence(0));
    const waiting = afterFirstPitch({ reading }, 3000);
    reading.set(silence(10));
    reading.set(silence(20));
    expect(await settled(waiting)).toBe(false);
    reading.set(pitched(30, 392));
    expect(await settled(waiting)).toBe(true);
  });

  it('a silent room: resolves once the latest time has passed, not before', async () => {
    vi.useFakeTimers();
    const reading = createObservable(silence(0));
    const waiting = afterFirstPitch({ reading }, 3000);
    vi.advanceTimersByTime(2999);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('a pitch already heard: resolves at once', async () => {
    const reading = createObservable(pitched(0, 440));
    expect(await settled(afterFirstPitch({ reading }, 3000))).toBe(true);
  });

  it('stops listening and clears its timer once resolved', async () => {
    vi.useFakeTimers();
    const reading = createObservable(silence(0));
    const subscribe = vi.spyOn(reading, 'subscribe');
    const waiting = afterFirstPitch({ reading }, 3000);
    reading.set(pitched(5, 392));
    await waiting;
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a negative or NaN latest time, naming the allowed range', () => {
    const reading = createObservable(silence(0));
    expect(() => afterFirstPitch({ reading }, -1)).toThrow('latestMs must be ≥ 0, got -1');
    expect(() => afterFirstPitch({ reading }, Number.NaN)).toThrow('latestMs must be ≥ 0');
  });
});
