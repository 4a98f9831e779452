import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  audioTimeToPerformanceMs,
  createAudioClock,
  outputLatencyReadable,
  outputLatencyS,
} from './audio-clock';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';

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

describe('Gecko: the output latency is never read (its getter deadlocked Firefox, issue 26)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [FIREFOX, false],
    ['Mozilla/5.0 (Android 14; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0', false],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      true,
    ],
    // The iOS app's WKWebView and Firefox on iOS are WebKit.
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      true,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15',
      true,
    ],
  ])('%s: readable %s', (userAgent, readable) => {
    expect(outputLatencyReadable(userAgent)).toBe(readable);
  });

  it('in Firefox, maps through currentTime without touching outputLatency or getOutputTimestamp', () => {
    vi.stubGlobal('navigator', { userAgent: FIREFOX });
    const touched: string[] = [];
    const context = {
      sampleRate: 48000,
      currentTime: 2,
      baseLatency: 0.005,
      get outputLatency() {
        touched.push('outputLatency');
        return 0.05;
      },
      getOutputTimestamp: () => {
        touched.push('getOutputTimestamp');
        return { contextTime: 1.95, performanceTime: 5950 };
      },
    };
    const clock = createAudioClock(context, 0.01);
    clock.sync(6000);
    // currentTime 2 s "is" now (6000 ms): frame 0 was rendered 2 s ago, captured 10 ms before.
    expect(clock.toPerfMs(0)).toBeCloseTo(4000 - 10, 9);
    // A click rendered at 2.1 s is heard 100 ms + the base latency later.
    expect(audioTimeToPerformanceMs(context, 2.1, 6000)).toBeCloseTo(6105, 9);
    expect(outputLatencyS(context)).toBe(0.005);
    expect(touched).toEqual([]);
  });
});
