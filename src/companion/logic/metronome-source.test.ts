import { describe, expect, it } from 'vitest';
import { eighthGroupings, meterLabel, meterOf } from './meter';
import {
  createMetronomeSource,
  type MetronomeClick,
  type MetronomeConfig,
  type Subdivision,
} from './metronome-source';

const base = (patch: Partial<MetronomeConfig> = {}): MetronomeConfig => ({
  bpm: 120,
  meter: meterOf(4, 4),
  subdivision: 1,
  swing: 0.5,
  accents: ['accent', 'normal', 'normal', 'normal'],
  gap: null,
  trainer: null,
  ...patch,
});

const take = (count: number, config: MetronomeConfig): MetronomeClick[] => {
  const source = createMetronomeSource(config);
  return Array.from({ length: count }, () => source.next());
};

/** Exact rationals (BigInt) for the ideal times: the reference shares no float with the code. */
type Q = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const q = (n: bigint, d: bigint): Q => {
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
};
const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
/** |x − a| in seconds, with x a double: scaled so the subtraction is exact enough (1e-15 s). */
const error = (x: number, a: Q): number => {
  const scale = 10n ** 15n;
  const xi = BigInt(Math.round(x * 1e6)) * 10n ** 9n; // x to the microsecond, exactly
  const rest = x - Math.round(x * 1e6) / 1e6; // what the microseconds left
  const exact = (a.n * scale) / a.d; // a to the femtosecond
  return Math.abs(Number(xi - exact) / 1e15 + rest);
};

describe('metronome source: times from indices, no drift', () => {
  const HOUR_S = 3600;
  const cases: [number, Subdivision][] = [
    [30, 1],
    [30, 4],
    [60, 3],
    [97, 2],
    [208, 4],
    [300, 4],
    [300, 3],
  ];
  it.each(cases)(
    'at %i bpm with %i per beat, every click of an hour within 1e-11 s of ideal',
    (bpm, sub) => {
      const source = createMetronomeSource(base({ bpm, subdivision: sub }));
      let worst = 0;
      let count = 0;
      for (let i = 0; ; i++) {
        const click = source.next();
        if (click.offsetS > HOUR_S) break;
        // Ideal: i subdivisions of 60 / (bpm · sub) s.
        worst = Math.max(worst, error(click.offsetS, q(60n * BigInt(i), BigInt(bpm * sub))));
        count++;
      }
      expect(count).toBe((HOUR_S * bpm * sub) / 60 + 1);
      // Adding 60/(bpm·sub) per click drifts ~1e-10..1e-8 s over the hour; one division per click
      // stays within a couple of ulps of 3600 s (4.5e-13).
      expect(worst).toBeLessThan(1e-11);
    },
  );
});

describe('metronome source: the pattern', () => {
  it('4/4 with eighths: accent, beats, subdivisions, a silent beat keeps its subdivision', () => {
    const clicks = take(
      9,
      base({ subdivision: 2, accents: ['accent', 'normal', 'silent', 'normal'] }),
    );
    expect(clicks.map((c) => c.kind)).toEqual([
      'accent',
      'sub',
      'beat',
      'sub',
      'silent',
      'sub',
      'beat',
      'sub',
      'accent',
    ]);
    expect(clicks.map((c) => c.offsetS)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(clicks[8]).toMatchObject({ bar: 1, beat: 0 });
  });

  it('7/8 as 2+2+3 at ♪ = 240: three beats of uneven length, every eighth sounding', () => {
    const meter = { ...meterOf(7, 8), grouping: [2, 2, 3] };
    const clicks = take(8, base({ bpm: 240, meter, accents: ['accent', 'normal', 'normal'] }));
    expect(clicks.map((c) => c.beat)).toEqual([0, 0, 1, 1, 2, 2, 2, 0]);
    expect(clicks.map((c) => c.kind)).toEqual([
      'accent',
      'sub',
      'beat',
      'sub',
      'beat',
      'sub',
      'sub',
      'accent',
    ]);
    expect(clicks.map((c) => c.offsetS)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]);
    expect(meterLabel(meter)).toBe('7/8 (2+2+3)');
  });

  it('triplets split the beat in three; swing 2/3 puts the off-beat eighth on the last triplet', () => {
    const triplets = take(4, base({ bpm: 60, subdivision: 3 }));
    expect(triplets.map((c) => c.offsetS)).toEqual([0, 1 / 3, 2 / 3, 1]);
    const swung = take(5, base({ bpm: 60, subdivision: 2, swing: 2 / 3 }));
    expect(swung.map((c) => c.offsetS)).toEqual([0, 2 / 3, 1, 1 + 2 / 3, 2]);
    // Sixteenth swing: the 2nd and 4th sixteenths move, the 3rd stays on the half beat.
    const sixteenths = take(4, base({ bpm: 60, subdivision: 4, swing: 0.75 }));
    expect(sixteenths.map((c) => c.offsetS)).toEqual([0, 0.375, 0.5, 0.875]);
  });

  it('gap bars: play 2, mute 1 — the muted bar is silent (and marked), then it plays again', () => {
    const clicks = take(16, base({ gap: { playBars: 2, muteBars: 1 } }));
    const byBar = (b: number) => clicks.filter((c) => c.bar === b);
    expect(byBar(1).map((c) => c.kind)).toEqual(['accent', 'beat', 'beat', 'beat']);
    expect(byBar(2).every((c) => c.kind === 'silent' && c.gap)).toBe(true);
    expect(byBar(3)[0]).toMatchObject({ kind: 'accent', gap: false, offsetS: 6 });
  });

  it('speed trainer: +2 bpm every 2 bars from 60 to 66, bar starts at the exact sums', () => {
    const trainer = {
      startBpm: 60,
      targetBpm: 66,
      stepBpm: 2,
      everyBars: 2,
      mode: 'bars' as const,
    };
    const clicks = take(4 * 12, base({ bpm: 200, trainer }));
    const downbeats = clicks.filter((c) => c.beat === 0);
    expect(downbeats.map((c) => c.bpm)).toEqual([60, 60, 62, 62, 64, 64, 66, 66, 66, 66, 66, 66]);
    let ideal: Q = q(0n, 1n);
    for (const click of downbeats) {
      expect(error(click.offsetS, ideal)).toBeLessThan(1e-12);
      ideal = add(ideal, q(60n * 4n, BigInt(click.bpm))); // one bar of 4 beats
    }
  });

  it('speed trainer, clean pass: the tempo rises one step from the next bar after 2 clean passes in a row', () => {
    const trainer = {
      startBpm: 100,
      targetBpm: 104,
      stepBpm: 3,
      everyBars: 1,
      mode: 'clean-pass' as const,
    };
    const source = createMetronomeSource(base({ trainer }));
    const bars: number[] = [];
    // Passes during bars 1, 2 (clean, clean: up), 3 (not clean), 4 and 5 (clean, clean: up).
    const passes = new Map([
      [5, true],
      [9, true],
      [13, false],
      [17, true],
      [21, true],
    ]);
    for (let i = 0; i < 4 * 7; i++) {
      const click = source.next();
      if (click.beat === 0) bars.push(click.bpm);
      const clean = passes.get(i);
      if (clean !== undefined) source.pass(clean);
    }
    expect(bars).toEqual([100, 100, 100, 103, 103, 103, 104]);
    expect(source.streak).toEqual({ inARow: 0, needed: 2 });
  });

  it('speed trainer, clean pass: a pass that is not clean starts the count again (U2)', () => {
    const trainer = {
      startBpm: 100,
      targetBpm: 120,
      stepBpm: 4,
      everyBars: 1,
      mode: 'clean-pass' as const,
      cleanPassesInARow: 3,
    };
    const source = createMetronomeSource(base({ trainer }));
    for (const clean of [true, true, false, true, true]) source.pass(clean);
    expect(source.streak).toEqual({ inARow: 2, needed: 3 });
    for (let i = 0; i < 8; i++) source.next();
    expect(source.bpm).toBe(100);
    source.pass(true);
    for (let i = 0; i < 8; i++) source.next();
    expect(source.bpm).toBe(104);
    expect(() =>
      createMetronomeSource(base({ trainer: { ...trainer, cleanPassesInARow: 0 } })),
    ).toThrow('Speed trainer: clean passes in a row must be a whole number 1..5, got 0');
  });

  it('a tempo change mid-bar applies from the next beat, with no jump in time', () => {
    const source = createMetronomeSource(base({ bpm: 60 }));
    expect([source.next().offsetS, source.next().offsetS]).toEqual([0, 1]);
    source.setTempo(120);
    expect([source.next().offsetS, source.next().offsetS, source.next().offsetS]).toEqual([
      2, 2.5, 3,
    ]);
    source.setTempo(999);
    expect(source.next().bpm).toBe(300);
  });

  it('rejects what it cannot play, naming the allowed range', () => {
    expect(() => createMetronomeSource(base({ bpm: 20 }))).toThrow(/30\.\.300 bpm, got 20/);
    expect(() => createMetronomeSource(base({ accents: ['accent'] }))).toThrow(
      /one per beat \(4\)/,
    );
    expect(() => meterOf(13, 8)).toThrow(/3\.\.12 units, got 13/);
    expect(() => createMetronomeSource(base({ swing: 0.9 }))).toThrow(/0\.5\.\.0\.75/);
    expect(() =>
      createMetronomeSource(
        base({ meter: { units: 7, unit: 8, grouping: [3, 3] }, accents: ['accent', 'normal'] }),
      ),
    ).toThrow(/summing to 7/);
  });

  it('offers every grouping of 2s and 3s for x/8', () => {
    expect(eighthGroupings(7)).toEqual([
      [2, 2, 3],
      [2, 3, 2],
      [3, 2, 2],
    ]);
    expect(eighthGroupings(6)).toContainEqual([3, 3]);
    expect(meterOf(7, 8).grouping).toEqual([2, 2, 3]);
  });
});
