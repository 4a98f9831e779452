/**
 * The tempo played, said as a teacher would (issue 37, U7): a steady accelerando and ritardando
 * are named with their ends, a take at another tempo with the marking, rubato and a closing
 * ritardando with nothing.
 */
import { describe, expect, it } from 'vitest';
import { playedTempoOf, tempoLabel, tempoLine } from './played-tempo';
import type { TimedNote } from './timing';

const QUARTER_MS = 500; // the score's ♩=120

/** `count` quarters at ♩=120, played at `time(written ms)` from 1 s, with ±8 ms seeded jitter. */
function take(count: number, time: (ms: number) => number, attempt = () => 0): TimedNote[] {
  return Array.from({ length: count }, (_, i) => {
    const startMs = i * QUARTER_MS;
    const jitter = (((i * 7919) % 17) / 16 - 0.5) * 16;
    return { startMs, onsetMs: 1000 + time(startMs) + jitter, attempt: attempt() };
  });
}

/** Tempo rising (or falling) linearly in written time from ×1 to ×`to` over `totalMs`. */
const ramp =
  (totalMs: number, to: number) =>
  (ms: number): number => {
    const k = (to - 1) / totalMs;
    return Math.log(1 + k * ms) / k;
  };

describe('the tempo played', () => {
  it('names a steady accelerando with its ends, within 3 %', () => {
    const tempo = playedTempoOf(take(32, ramp(31 * QUARTER_MS, 133 / 120)), 120);
    expect(tempo?.drifting).toBe(true);
    expect(Math.abs((tempo?.startQpm ?? 0) / 120 - 1)).toBeLessThan(0.03);
    expect(Math.abs((tempo?.endQpm ?? 0) / 133 - 1)).toBeLessThan(0.03);
    expect(tempoLine(tempo)).toBe('You sped up from ♩=120 to about ♩=133: keep the pulse.');
    expect(tempoLabel(tempo as NonNullable<typeof tempo>)).toMatch(/^♩≈12\d \(120→133\)$/);
  });

  it('names a ritardando through the take', () => {
    const tempo = playedTempoOf(take(32, ramp(31 * QUARTER_MS, 108 / 120)), 120);
    expect(tempoLine(tempo)).toBe('You slowed from ♩=120 to about ♩=108: keep the pulse.');
  });

  it('says a slow take against the marking, and nothing at the marking', () => {
    const slow = playedTempoOf(
      take(24, (ms) => (ms * 120) / 96),
      120,
    );
    expect(slow?.qpm).toBeCloseTo(96, 0);
    expect(tempoLine(slow)).toBe('You played at ♩≈96; the marking is 120.');
    // Against a given tempo (a player asked for ♩=96 plays ♩=96): nothing to say.
    expect(
      tempoLine(
        playedTempoOf(
          take(24, (ms) => (ms * 120) / 96),
          120,
          96,
        ),
      ),
    ).toBeNull();
    expect(
      tempoLine(
        playedTempoOf(
          take(24, (ms) => ms),
          120,
        ),
      ),
    ).toBeNull();
  });

  it('leaves rubato, a closing ritardando and a stop between phrases unsaid', () => {
    const total = 31 * QUARTER_MS;
    // ±10 % swell every 4 bars.
    const swell = (ms: number): number =>
      ms + ((0.1 * 8 * QUARTER_MS) / Math.PI) * (1 - Math.cos((Math.PI * ms) / (8 * QUARTER_MS)));
    expect(tempoLine(playedTempoOf(take(32, swell), 120))).toBeNull();
    const closing = (ms: number): number =>
      ms + (ms > 0.8 * total ? (0.5 * (ms - 0.8 * total) ** 2) / total : 0);
    expect(tempoLine(playedTempoOf(take(32, closing), 120))).toBeNull();
    // A 3 s stop after note 16 starts a new phrase: not slow playing.
    let i = 0;
    const stopped = take(
      32,
      (ms) => ms + (ms >= 16 * QUARTER_MS ? 3000 : 0),
      () => (i++ < 16 ? 0 : 1),
    );
    expect(playedTempoOf(stopped, 120)?.qpm).toBeCloseTo(120, 0);
  });

  it('says nothing with too few notes to know', () => {
    expect(
      playedTempoOf(
        take(3, (ms) => ms * 2),
        120,
      ),
    ).toBeNull();
    expect(tempoLine(null)).toBeNull();
  });
});
