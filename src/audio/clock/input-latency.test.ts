import { afterEach, describe, expect, it } from 'vitest';
import { createAudioClock, streamTimeMs } from './audio-clock';
import { latencyCalibrationMs, latencyReported, setLatencyCalibrationMs } from './input-latency';

const stream = (settings: object) => ({
  getAudioTracks: () => [{ getSettings: () => settings }] as unknown as MediaStreamTrack[],
});

describe('is the input latency reported?', () => {
  it.each([
    {
      name: 'Chromium (all three)',
      track: { latency: 0.01 },
      base: 0.005,
      output: 0.02,
      known: true,
    },
    { name: 'Chromium, zero latencies', track: { latency: 0 }, base: 0, output: 0, known: true },
    { name: 'Firefox (no track latency)', track: {}, base: 0.01, output: undefined, known: false },
    {
      name: 'Safari (no track or output latency)',
      track: {},
      base: 0.003,
      output: undefined,
      known: false,
    },
    {
      name: 'no base latency',
      track: { latency: 0.01 },
      base: undefined,
      output: 0.02,
      known: false,
    },
    {
      name: 'no output latency',
      track: { latency: 0.01 },
      base: 0.005,
      output: undefined,
      known: false,
    },
  ])('$name → $known', ({ track, base, output, known }) => {
    expect(latencyReported({ baseLatency: base, outputLatency: output }, stream(track))).toBe(
      known,
    );
  });

  it('does not read outputLatency when the track reports none (Gecko deadlocks in that read)', () => {
    const context = {
      baseLatency: 0.01,
      get outputLatency(): number {
        throw new Error('outputLatency was read');
      },
    };
    expect(latencyReported(context, stream({}))).toBe(false);
  });
});

describe('the calibration, applied in the audio clock', () => {
  afterEach(() => setLatencyCalibrationMs(0));
  const context = {
    sampleRate: 48000,
    currentTime: 2,
    baseLatency: 0,
    outputLatency: 0,
    getOutputTimestamp: () => ({ contextTime: 1, performanceTime: 5000 }),
  };

  it('stamps every reading and take origin that much earlier, from the next sync on', () => {
    const clock = createAudioClock(context, 0);
    clock.sync(6000);
    expect(clock.toPerfMs(48000)).toBeCloseTo(5000, 9);
    setLatencyCalibrationMs(48);
    expect(latencyCalibrationMs()).toBe(48);
    expect(streamTimeMs(context, 1, 0, 6000)).toBeCloseTo(5000 - 48, 9);
    clock.sync(6010); // a change over 20 ms is taken at once (SNAP_MS)
    expect(clock.toPerfMs(48000)).toBeCloseTo(5000 - 48, 9);
  });

  it('refuses a calibration that is not a number of ms', () => {
    expect(() => setLatencyCalibrationMs(Number.NaN)).toThrow(/finite number of ms, got NaN/);
  });
});
