import { describe, expect, it } from 'vitest';
import { audioTimeToPerformanceMs } from '../clock/audio-clock';
import { createMetronome, steadyBeats, validateTempoBpm } from './metronome';
import { createAudioSession } from './audio-session';
import { FakeOutputContext, manualTimers } from '../testing/fake-output-audio';

describe('metronome', () => {
  it('refuses tempos outside 40–208 bpm, naming the range', () => {
    expect(() => validateTempoBpm(39)).toThrow('Tempo must be 40–208 bpm, got 39');
    expect(() => validateTempoBpm(209)).toThrow(/40–208/);
    expect(validateTempoBpm(208)).toBe(208);
    expect(() => createMetronome({ tempoBpm: 300 })).toThrow(/40–208/);
    expect(() => steadyBeats(120, 0)).toThrow('beatsPerBar must be an integer 1–16, got 0');
  });

  it('a steady beat: one click per beat, the bar’s first accented, bars and beats counted', () => {
    const source = steadyBeats(90, 3);
    const first = Array.from({ length: 7 }, () => source.next());
    expect(first.map((c) => c?.offsetS.toFixed(4))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => ((i * 60) / 90).toFixed(4)),
    );
    expect(first.map((c) => c?.kind)).toEqual([
      'accent',
      'beat',
      'beat',
      'accent',
      'beat',
      'beat',
      'accent',
    ]);
    expect(first.map((c) => [c?.bar, c?.beat])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
    ]);
  });

  it('clicks on the session’s clock at exact beat times, accenting the bar', async () => {
    const timers = manualTimers();
    const context = new FakeOutputContext();
    context.currentTime = 10;
    context.getOutputTimestamp = () => ({ contextTime: 10, performanceTime: 5000 });
    const session = createAudioSession({ createContext: () => context.asContext(), ...timers });
    const metronome = createMetronome({ tempoBpm: 120, session });
    const start = await metronome.start(0.2);
    expect(start.startS).toBeCloseTo(10.2, 9);
    expect(start.startMs).toBeCloseTo(5200, 6);
    expect(start.beatMs).toBe(500);
    expect(metronome.running).toBe(true);
    // An irregular timer: clicks must not move with it.
    timers.advance(2200, (ms) => (context.currentTime = 10 + ms / 1000 + (ms % 7) / 1000));
    const starts = context.bufferSources.filter((o) => (o.startedAt ?? 99) <= 12.2);
    expect(starts.map((o) => Number(o.startedAt?.toFixed(6)))).toEqual([
      10.2, 10.7, 11.2, 11.7, 12.2,
    ]);
    // The accent is the brighter click (its band-pass centre), every 4th beat.
    const bands = starts.map((_, i) => context.filters[i]?.frequency.value);
    expect(bands).toEqual([3200, 2400, 2400, 2400, 3200]);
    metronome.stop();
    expect(metronome.running).toBe(false);
  });
});

describe('audio clock → performance.now()', () => {
  it('uses the output timestamp once audio is rendering', () => {
    const context = {
      currentTime: 2,
      baseLatency: 0.01,
      getOutputTimestamp: () => ({ contextTime: 1.95, performanceTime: 8000 }),
    };
    expect(audioTimeToPerformanceMs(context, 2.2, 9999)).toBeCloseTo(8250, 6);
  });

  it('falls back to now + latency while the output timestamp is still zero', () => {
    const context = {
      currentTime: 0.05,
      baseLatency: 0.01,
      outputLatency: 0.02,
      getOutputTimestamp: () => ({ contextTime: 0, performanceTime: 0 }),
    };
    expect(audioTimeToPerformanceMs(context, 0.35, 5000)).toBeCloseTo(5330, 6);
  });
});
