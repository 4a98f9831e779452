import { describe, expect, it } from 'vitest';
import { audioTimeToPerformanceMs, createAudioClock } from './audio-clock';

describe('audio clock on the performance.now() timeline', () => {
  it('maps a frame to when the microphone captured it: output timestamp minus the latencies', () => {
    const context = {
      sampleRate: 48000,
      currentTime: 2,
      baseLatency: 0.005,
      outputLatency: 0.02,
      // Audio second 1 is heard at 5000 ms.
      getOutputTimestamp: () => ({ contextTime: 1, performanceTime: 5000 }),
    };
    const clock = createAudioClock(context, 0.01);
    clock.sync(6000);
    // Frame 48000 (second 1) was processed 25 ms before it would be heard, captured 10 ms before.
    expect(clock.toPerfMs(48000)).toBeCloseTo(5000 - 35, 9);
    expect(clock.toPerfMs(48000 + 4800)).toBeCloseTo(5000 - 35 + 100, 9);
    // The same timeline as the metronome's clicks, less the latencies.
    expect(audioTimeToPerformanceMs(context, 1.1, 6000) - clock.toPerfMs(52800)).toBeCloseTo(35, 9);
  });

  it('before the output runs (zero timestamps) it falls back to currentTime and now', () => {
    const context = {
      sampleRate: 44100,
      currentTime: 0.5,
      getOutputTimestamp: () => ({ contextTime: 0, performanceTime: 0 }),
    };
    const clock = createAudioClock(context);
    clock.sync(1000);
    // currentTime 0.5 s "is" now: frame 0 was half a second ago.
    expect(clock.toPerfMs(0)).toBeCloseTo(500, 9);
  });

  it('smooths timestamp jitter but follows a real jump at once', () => {
    let performanceTime = 5000;
    const context = {
      sampleRate: 48000,
      currentTime: 2,
      getOutputTimestamp: () => ({ contextTime: 1, performanceTime }),
    };
    const clock = createAudioClock(context);
    clock.sync(0);
    performanceTime = 5002; // 2 ms of jitter moves the estimate by a tenth of it
    clock.sync(0);
    expect(clock.toPerfMs(48000)).toBeCloseTo(5000.2, 9);
    performanceTime = 5100; // a resumed context: a new timeline
    clock.sync(0);
    expect(clock.toPerfMs(48000)).toBeCloseTo(5100, 9);
  });

  it('WebKitGTK: output timestamps running 2× the audio clock are dropped for currentTime (issue 26)', () => {
    let currentTime = 0.37;
    let nowMs = 690;
    // performanceTime gains 2 s per audio second, as WebKitGTK 2.50's did.
    const context = {
      sampleRate: 44100,
      get currentTime() {
        return currentTime;
      },
      getOutputTimestamp: () => ({
        contextTime: currentTime,
        performanceTime: 1053 + (currentTime - 0.37) * 2000,
      }),
    };
    const clock = createAudioClock(context);
    clock.sync(nowMs);
    for (let step = 0; step < 4; step++) {
      currentTime += 1;
      nowMs += 1000;
      clock.sync(nowMs);
    }
    // The frame being processed now maps to now (no latencies reported), not 4.4 s ahead.
    expect(clock.toPerfMs(Math.round(currentTime * 44100))).toBeCloseTo(nowMs, 0);
  });
});
