import { describe, expect, it } from 'vitest';
import {
  createNoteTracker,
  FAST_CONFIRM_MS,
  trackerOptionsFor,
  type NoteEvent,
  type TrackedReading,
} from './note-tracker';

const FAST_HOP_MS = 256 / 48;
const BLOCK_MS = 4096 / 48;

/** Readings every `everyMs` with windows of `windowMs`, pitch `hzAt(end)`; all events out. */
function run(
  response: 'block' | 'fast',
  hzs: readonly number[],
  options: { everyMs?: number; onsetsMs?: (number | undefined)[] } = {},
): NoteEvent[] {
  const hopMs = response === 'fast' ? FAST_HOP_MS : BLOCK_MS;
  const windowMs = response === 'fast' ? 1024 / 48 : BLOCK_MS;
  const everyMs = options.everyMs ?? hopMs;
  const tracker = createNoteTracker(trackerOptionsFor(response, hopMs));
  const events: NoteEvent[] = [];
  hzs.forEach((hz, i) => {
    const end = (i + 1) * everyMs;
    const reading: TrackedReading = {
      hz,
      windowStartMs: end - windowMs,
      windowEndMs: end,
      onsetMs: options.onsetsMs?.[i] ?? Number.NaN,
    };
    events.push(...tracker.push(reading));
  });
  events.push(...tracker.flush(hzs.length * everyMs + 1));
  return events;
}

describe('note tracker (the stream onset gate)', () => {
  it('fast mode: a lone pitched reading in noise is no note, nor a passing scoop', () => {
    expect(run('fast', [0, 0, 1089, 0, 0, 858, 0])).toEqual([]);
    // 15 ms near E♭4 on the way up to E4: only E4 becomes a note.
    const scoop = [311, 312, 313, 314, 325, ...Array<number>(8).fill(329.6)];
    const events = run('fast', [0, ...scoop]);
    expect(events.map((e) => [e.type, Math.round(e.hz)])).toEqual([
      ['note-on', 330],
      ['note-off', 330],
    ]);
  });

  it('fast mode: a pitch held for FAST_CONFIRM_MS is a note, stamped at the located onset', () => {
    const held = Array<number>(6).fill(440.5);
    const events = run('fast', [0, 440, ...held, 0, 0, 0, 0, 0, 0, 0, 0, 0], {
      onsetsMs: [undefined, 3],
    });
    // Readings every 5.3 ms: the one whose window ends 20 ms after the first confirms it.
    const confirming = 1 + Math.ceil(FAST_CONFIRM_MS / FAST_HOP_MS);
    expect(events[0]).toEqual({
      type: 'note-on',
      hz: 440.5,
      onsetMs: 3,
      confirmedMs: (confirming + 1) * FAST_HOP_MS,
    });
    expect(events[1]).toMatchObject({ type: 'note-off', onsetMs: 3 });
    expect(events).toHaveLength(2);
  });

  it('block mode: the scoop of an attack is not a note; the next reading names it', () => {
    // One block 60 ¢ flat (the attack's scoop), then on the note.
    expect(run('block', [0, 440 * 2 ** (-60 / 1200)])).toEqual([]);
    expect(run('block', [0, 440 * 2 ** (-60 / 1200), 440])[0]).toMatchObject({
      type: 'note-on',
      hz: 440,
    });
  });

  it('a slur: the new note starts where the old one ends, and one stray reading changes nothing', () => {
    const a4 = Array<number>(20).fill(440);
    const bb4 = Array<number>(20).fill(466.16);
    const events = run('fast', [...a4, 523.25, ...a4, ...bb4]);
    expect(events.map((e) => [e.type, Math.round(e.hz)])).toEqual([
      ['note-on', 440],
      ['note-off', 440],
      ['note-on', 466],
      ['note-off', 466],
    ]);
    const [, off, on] = events as [NoteEvent, NoteEvent & { offsetMs: number }, NoteEvent];
    expect(off.offsetMs).toBe(on.onsetMs);
  });

  it('a scoop into the note is one note, named by where it settles', () => {
    // 80 ¢ flat, then 30 ¢ flat, then on: the same note the whole time.
    const hzs = [
      0,
      440 * 2 ** (-80 / 1200),
      440 * 2 ** (-30 / 1200),
      ...Array<number>(10).fill(440),
    ];
    const events = run('fast', hzs);
    expect(events.map((e) => e.type)).toEqual(['note-on', 'note-off']);
    expect(Math.abs(1200 * Math.log2((events[1]?.hz ?? 0) / 440))).toBeLessThan(5);
  });

  it('ends a note after the release time without pitch (not at one dropout in fast mode)', () => {
    const notes = run('fast', [
      ...Array<number>(6).fill(440),
      0,
      440,
      440,
      ...Array<number>(12).fill(0),
    ]);
    expect(notes.map((e) => e.type)).toEqual(['note-on', 'note-off']);
  });

  it('readings above the ceiling are no pitch', () => {
    const tracker = createNoteTracker({
      ...trackerOptionsFor('fast', FAST_HOP_MS),
      ceilingHz: 2100,
    });
    const reading = (end: number): TrackedReading => ({
      hz: 4186,
      windowStartMs: end - 21,
      windowEndMs: end,
      onsetMs: Number.NaN,
    });
    expect([...tracker.push(reading(10)), ...tracker.push(reading(16))]).toEqual([]);
  });

  it('validates its options with the allowed range', () => {
    const ok = trackerOptionsFor('fast', FAST_HOP_MS);
    expect(() => createNoteTracker({ ...ok, confirmReadings: 0 })).toThrow(/1\.\.8/);
    expect(() => createNoteTracker({ ...ok, releaseMs: -1 })).toThrow(/0\.\.1000/);
    expect(() => createNoteTracker({ ...ok, agreeCents: 200 })).toThrow(/10\.\.100/);
    expect(() => createNoteTracker({ ...ok, confirmMs: 500 })).toThrow(/0\.\.200/);
  });
});
