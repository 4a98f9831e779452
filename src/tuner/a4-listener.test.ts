import { describe, expect, it } from 'vitest';
import { A4Listener, a4FromHeardHz, LISTEN_HOLD_MS } from './a4-listener';

/** Readings every `stepMs` from `fromMs`, each at `hz(i)`, as the stream gives a held note. */
function feed(
  listener: A4Listener,
  hz: (i: number) => number,
  count: number,
  fromMs = 0,
  stepMs = 93,
) {
  for (let i = 0; i < count; i++) {
    const h = hz(i);
    const outcome = listener.push({
      live: true,
      hz: h,
      noteHz: h > 0 ? h : 0,
      timeMs: fromMs + i * stepMs,
    });
    if (outcome) return { outcome, atMs: fromMs + i * stepMs };
  }
  return null;
}

describe('A4 from a heard note', () => {
  it.each([
    [442, 442, 4],
    [221, 442, 3], // concert A3: an octave below
    [884, 442, 5], // concert A5
    [415, 415, 4], // baroque pitch, the bottom of the range
    [466, 466, 4], // the top
    [440.04, 440, 4], // rounded to 0.1 Hz
  ])('heard %f Hz → A4 = %f Hz (A%i)', (heard, a4, octave) => {
    expect(a4FromHeardHz(heard)).toMatchObject({ ok: true, a4Hz: a4, octave });
  });

  it.each([
    [466.16, 'a B♭ tuning note at A4 = 440'],
    [410, 'below 415'],
    [349.23, 'an F'],
  ])('heard %f Hz (%s) is refused with the range named', (heard) => {
    const outcome = a4FromHeardHz(heard);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/outside 415–466 Hz/);
  });

  it('refuses a non-pitch', () => {
    expect(() => a4FromHeardHz(0)).toThrow(/positive number of Hz/);
  });
});

describe('A4Listener', () => {
  it('takes the median of a note held for a second, ignoring one stray reading', () => {
    const listener = new A4Listener();
    const result = feed(listener, (i) => (i === 4 ? 444 : i % 2 ? 441.9 : 442.1), 40);
    expect(result?.outcome).toMatchObject({ ok: true, a4Hz: 442 });
    expect(result?.atMs).toBeGreaterThanOrEqual(LISTEN_HOLD_MS);
    expect(result?.atMs).toBeLessThan(LISTEN_HOLD_MS + 100);
  });

  it('starts again when the note changes or stops, so only a steady note counts', () => {
    const listener = new A4Listener();
    // 0.5 s of G4, then silence, then A4 = 441: the hold starts at the A.
    expect(feed(listener, () => 392, 6)).toBeNull();
    expect(listener.push({ live: true, hz: 0, noteHz: 0, timeMs: 600 })).toBeNull();
    expect(listener.progress).toBe(0);
    const result = feed(listener, () => 441, 40, 700);
    expect(result?.outcome).toMatchObject({ ok: true, a4Hz: 441 });
    expect(result?.atMs).toBeGreaterThanOrEqual(700 + LISTEN_HOLD_MS);
  });

  it('a pitch before the stream confirms it as a note does not count', () => {
    const listener = new A4Listener();
    for (let i = 0; i < 30; i++) {
      expect(listener.push({ live: true, hz: 442, noteHz: 0, timeMs: i * 93 })).toBeNull();
    }
  });

  it('a B♭ held for a second is refused, not applied', () => {
    const result = feed(new A4Listener(), () => 466.16, 40);
    expect(result?.outcome.ok).toBe(false);
  });
});
