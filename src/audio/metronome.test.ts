import { describe, expect, it } from 'vitest';
import { audioTimeToPerformanceMs } from './audio-clock';
import { beatsDue, createMetronome, validateTempoBpm } from './metronome';

/** Just enough of an AudioContext to record when clicks are scheduled. */
function fakeContext() {
  const starts: { atS: number; hz: number }[] = [];
  const param = () => ({
    value: 0,
    setValueAtTime() {},
    linearRampToValueAtTime() {},
    exponentialRampToValueAtTime() {},
  });
  const node = () => ({ connect: (n: unknown) => n, disconnect() {} });
  const context = {
    currentTime: 10,
    state: 'running',
    destination: {},
    createOscillator() {
      const osc = {
        ...node(),
        frequency: param(),
        onended: null as null | (() => void),
        start(atS: number) {
          starts.push({ atS, hz: osc.frequency.value });
        },
        stop() {},
      };
      return osc;
    },
    createGain: () => ({ ...node(), gain: param() }),
    getOutputTimestamp: () => ({ contextTime: 10, performanceTime: 5000 }),
    resume: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { context: context as unknown as AudioContext, starts, raw: context };
}

describe('metronome', () => {
  it('refuses tempos outside 40–208 bpm, naming the range', () => {
    expect(() => validateTempoBpm(39)).toThrow('Tempo must be 40–208 bpm, got 39');
    expect(() => validateTempoBpm(209)).toThrow(/40–208/);
    expect(validateTempoBpm(208)).toBe(208);
    expect(() => createMetronome({ tempoBpm: 300 })).toThrow(/40–208/);
  });

  it('schedules only the beats inside the look-ahead window', () => {
    expect(beatsDue(0, 1, 0.5, 0.9, 0.12)).toEqual([0]);
    expect(beatsDue(1, 1, 0.5, 1.0, 0.12)).toEqual([]);
    expect(beatsDue(1, 1, 0.5, 1.4, 0.12)).toEqual([1]);
    // A timer that woke 1 s late catches up with every missed beat at its exact time.
    expect(beatsDue(1, 1, 0.5, 2.45, 0.12)).toEqual([1, 2, 3]);
  });

  it('places clicks on the audio clock at exact beat times, accenting the bar', async () => {
    const { context, starts, raw } = fakeContext();
    let tick: () => void = () => {};
    const metronome = createMetronome({
      tempoBpm: 120,
      context,
      setInterval: (cb) => {
        tick = cb;
        return 1;
      },
      clearInterval: () => {},
    });
    const start = await metronome.start(0.2);
    expect(start.startS).toBeCloseTo(10.2, 9);
    expect(start.startMs).toBeCloseTo(5200, 6);
    expect(start.beatMs).toBe(500);
    for (let t = 10; t < 12.2; t += 0.037) {
      raw.currentTime = t; // an irregular timer: clicks must not move with it
      tick();
    }
    expect(starts.map((s) => Number(s.atS.toFixed(6)))).toEqual([10.2, 10.7, 11.2, 11.7, 12.2]);
    expect(starts.map((s) => s.hz)).toEqual([1760, 1320, 1320, 1320, 1760]);
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
