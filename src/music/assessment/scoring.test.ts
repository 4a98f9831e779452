import { describe, expect, it } from 'vitest';
import { scoreHold, type PitchSample } from './scoring';

const A4 = 440;
const hzAt = (cents: number, refHz = A4): number => refHz * 2 ** (cents / 1200);
/** A track sampled every 10 ms; `centsAt(tMs)` gives the offset, null for silence. */
function track(durationMs: number, centsAt: (tMs: number) => number | null, refHz = A4) {
  const samples: PitchSample[] = [];
  for (let t = 0; t < durationMs; t += 10) {
    const cents = centsAt(t);
    samples.push({ timeMs: 1000 + t, hz: cents === null ? 0 : hzAt(cents, refHz) });
  }
  return samples;
}

describe('scoreHold (long tones)', () => {
  it('a steady note on the target scores high and is in tune all the time', () => {
    const r = scoreHold(
      track(4000, (t) => 3 * Math.sin(t / 50)),
      { targetHz: A4 },
    );
    expect(r.score).toBeGreaterThanOrEqual(95);
    expect(r.inTuneFraction).toBe(1);
    expect(Math.abs(r.medianCents ?? NaN)).toBeLessThan(1);
    expect(r.spreadCents ?? NaN).toBeLessThan(3);
    expect(Math.abs(r.driftCents ?? NaN)).toBeLessThan(2);
  });

  it('a steady note 35 ¢ sharp scores low and reports the offset', () => {
    const r = scoreHold(
      track(4000, () => 35),
      { targetHz: A4 },
    );
    expect(r.score).toBeLessThan(30);
    expect(r.inTuneFraction).toBe(0);
    expect(r.medianCents ?? NaN).toBeCloseTo(35, 6);
  });

  it('block-to-block detector jitter on a steady tone (−5/+12 ¢ alternating) is still in tune', () => {
    // What a real detector reports every ~93 ms on a steady synthesized G4 in headless Chromium.
    const jitter: PitchSample[] = [];
    for (let i = 0; i < 12; i++) jitter.push({ timeMs: i * 93, hz: hzAt(i % 2 ? 12 : -5) });
    const r = scoreHold(jitter, { targetHz: A4 });
    expect(r.inTuneFraction).toBeGreaterThan(0.8);
    expect(r.score).toBeGreaterThanOrEqual(85);
    // Per frame (no smoothing) half the frames would be out of the ±10 ¢ band.
    expect(scoreHold(jitter, { targetHz: A4, smoothingMs: 0 }).inTuneFraction).toBe(0.5);
  });

  it('the in-tune band is configurable: 35 ¢ off is in tune for a ±40 ¢ band', () => {
    expect(
      scoreHold(
        track(2000, () => -35),
        { targetHz: A4, inTuneCents: 40 },
      ).score,
    ).toBeGreaterThan(80);
  });

  it('a note that sags from +20 to −20 ¢ shows the drift and about half the time in tune', () => {
    const r = scoreHold(
      track(4000, (t) => 20 - (40 * t) / 4000),
      { targetHz: A4 },
    );
    expect(r.driftCents ?? NaN).toBeLessThan(-30);
    expect(r.driftCents ?? NaN).toBeGreaterThan(-40);
    expect(r.inTuneFraction).toBeCloseTo(0.5, 1);
  });

  it('a wobbly note (±30 ¢ waver) is less steady and scores lower than a steady one', () => {
    const wobbly = scoreHold(
      track(4000, (t) => 30 * Math.sin((2 * Math.PI * t) / 400)),
      { targetHz: A4 },
    );
    expect(wobbly.spreadCents ?? NaN).toBeGreaterThan(18);
    expect(wobbly.score).toBeLessThan(50);
  });

  it('silence is data, not an error: score 0, no median', () => {
    const r = scoreHold(
      track(2000, () => null),
      { targetHz: A4 },
    );
    expect(r).toMatchObject({ score: 0, voicedFraction: 0, medianCents: null, spreadCents: null });
    expect(scoreHold([], { targetHz: A4 }).score).toBe(0);
  });

  it('playing the octave above counts as off the note, not as in tune', () => {
    const r = scoreHold(
      track(2000, () => 1200),
      { targetHz: A4 },
    );
    expect(r.offNoteFraction).toBe(1);
    expect(r.score).toBe(0);
  });

  it('validates its options, naming the allowed range', () => {
    expect(() => scoreHold([], { targetHz: A4, inTuneCents: 0 })).toThrow(/1 to 50/);
    expect(() => scoreHold([], { targetHz: -1 })).toThrow(/targetHz must be from 20 to 5000/);
  });
});
