import { describe, expect, it } from 'vitest';
import { MSG_PITCH, type PitchMessage } from '../worklet/messages';
import type { NoteEvent } from './note-tracker';
import type { PitchReading, ResponseMode } from './pitch-service-types';
import { createStreamDecoder } from './pitch-stream';
import { NO_NOTE, sameNote, streamReading } from './reading';

const RATE = 48_000;
/** Window and hop of each mode at 48 kHz (samples), as the worklet reports them when ready. */
const SHAPE = {
  block: { windowSamples: 4096, hopSamples: 4096 },
  fast: { windowSamples: 1024, hopSamples: 256 },
} as const;

const cents = (hz: number, c: number): number => hz * 2 ** (c / 1200);

interface Decoded {
  reading: PitchReading;
  events: readonly NoteEvent[];
}

/**
 * The stream's decoder fed one worklet result per hop, pitch `hzs[i]` (0 = none), with an onset
 * located (as the audio thread does) only for a pitch that is not the previous one's note.
 */
function decode(response: ResponseMode, hzs: readonly number[], noteIds = { last: 0 }): Decoded[] {
  const shape = SHAPE[response];
  const decoder = createStreamDecoder(
    { sampleRate: RATE, currentTime: 0 },
    shape,
    response,
    0,
    noteIds,
  );
  let lastHz = 0;
  return hzs.map((hz, i) => {
    const endFrame = shape.windowSamples + i * shape.hopSamples;
    const message: PitchMessage = {
      type: MSG_PITCH,
      hz,
      clarity: hz > 0 ? 0.98 : 0.1,
      levelDb: hz > 0 ? -20 : -70,
      endFrame,
      onsetFrame: hz > 0 && !sameNote(hz, lastHz) ? endFrame - shape.windowSamples / 2 : -1,
      dipCount: 0,
      dipAttackFrames: new Float64Array(4),
      dipDepthsDb: new Float64Array(4),
      memoryBytes: 0,
    };
    lastHz = hz;
    const { reading, events } = decoder.decode(message, 4186, 0);
    return { reading, events: [...events] };
  });
}

/**
 * What every reading must say, whatever was played: a new number exactly at each note-on, 0 with
 * no note, the note's pitch and onset with it, `onNote` by the one rule, the window's centre.
 */
function expectConsistent(decoded: Decoded[]): void {
  let lastId = 0;
  let currentId = 0;
  for (const { reading, events } of decoded) {
    const on = events.find((e) => e.type === 'note-on');
    if (on) {
      expect(reading.noteId).toBe(lastId + 1);
      expect(reading.noteOnsetMs).toBe(on.onsetMs);
      lastId = reading.noteId;
    } else if (events.some((e) => e.type === 'note-off')) {
      expect(reading.noteId).toBe(0);
    } else {
      expect(reading.noteId).toBe(currentId);
    }
    currentId = reading.noteId;
    expect(reading.noteId === 0).toBe(reading.noteHz === 0);
    expect(reading.onNote).toBe(sameNote(reading.hz, reading.noteHz));
    expect(reading.windowCentreMs).toBeCloseTo((reading.windowStartMs + reading.windowEndMs) / 2);
  }
}

const ids = (decoded: Decoded[]): number[] => decoded.map((d) => d.reading.noteId);
const onNotes = (decoded: Decoded[]): boolean[] => decoded.map((d) => d.reading.onNote);
/** From the first note-on on. */
const fromFirstNote = (decoded: Decoded[]): Decoded[] =>
  decoded.slice(decoded.findIndex((d) => d.reading.noteId > 0));
const noteOns = (decoded: Decoded[]): number =>
  decoded.flatMap((d) => d.events).filter((e) => e.type === 'note-on').length;

describe('the reading says which note it is (noteId, onNote), decided once by the stream', () => {
  it('a held note: one number from its note-on to its end, every reading on it', () => {
    for (const response of ['block', 'fast'] as const) {
      const held = decode(response, [
        0,
        0,
        ...Array<number>(20).fill(440),
        ...Array<number>(12).fill(0),
      ]);
      expectConsistent(held);
      expect(noteOns(held)).toBe(1);
      const during = held.filter((d) => d.reading.noteId === 1);
      expect(during.length).toBeGreaterThan(10);
      expect(during.every((d) => d.reading.onNote || d.reading.hz === 0)).toBe(true);
      expect(held.at(-1)?.reading).toMatchObject({ noteId: 0, noteHz: 0, onNote: false });
    }
  });

  it('a slow glide over a whole tone is one note the stream follows (onNote throughout)', () => {
    for (const response of ['block', 'fast'] as const) {
      // 4 ¢ per reading: the tracker's note follows it (a bend, not a new note).
      const glide = Array.from({ length: 50 }, (_, i) => cents(440, 4 * i));
      const decoded = decode(response, [0, ...glide, ...Array<number>(10).fill(glide[49] ?? 0)]);
      expectConsistent(decoded);
      expect(noteOns(decoded)).toBe(1);
      expect(onNotes(fromFirstNote(decoded))).not.toContain(false);
    }
  });

  it('a quarter-tone bend: 40 ¢ away stays the note; 60 ¢ away becomes another note', () => {
    for (const response of ['block', 'fast'] as const) {
      const steady = Array<number>(12).fill(440);
      const bent = decode(response, [
        ...steady,
        ...Array<number>(12).fill(cents(440, 40)),
        ...steady,
      ]);
      expectConsistent(bent);
      expect(noteOns(bent)).toBe(1);
      expect(onNotes(fromFirstNote(bent))).not.toContain(false);

      const moved = decode(response, [...steady, ...Array<number>(12).fill(cents(440, 60))]);
      expectConsistent(moved);
      expect(noteOns(moved)).toBe(2);
      // The first reading 60 ¢ away is not the held note (and not yet a note of its own).
      expect(moved[12]?.reading).toMatchObject({ noteId: 1, onNote: false });
      expect(moved.at(-1)?.reading).toMatchObject({ noteId: 2, onNote: true });
    }
  });

  it('a slur: the next note takes the next number at its note-on, nothing in between is on a note', () => {
    for (const response of ['block', 'fast'] as const) {
      const decoded = decode(response, [
        0,
        ...Array<number>(12).fill(440),
        ...Array<number>(12).fill(493.9),
      ]);
      expectConsistent(decoded);
      const changeAt = decoded.findIndex((d) => d.reading.noteId === 2);
      expect(changeAt).toBeGreaterThan(13);
      expect(decoded[changeAt]?.events.map((e) => e.type)).toEqual(['note-off', 'note-on']);
      for (const d of decoded.slice(13, changeAt)) {
        expect(d.reading).toMatchObject({ noteId: 1, onNote: false, hz: 493.9 });
      }
      expect(decoded.at(-1)?.reading.noteId).toBe(2);
    }
  });

  it('a repeated tongued note: a new number where the stream ends the note and starts it again', () => {
    // Block mode: one window without pitch ends the note; the re-attack is note 2.
    const block = decode('block', [
      0,
      ...Array<number>(8).fill(440),
      0,
      ...Array<number>(8).fill(440),
    ]);
    expectConsistent(block);
    expect(noteOns(block)).toBe(2);
    expect(block.at(-1)?.reading.noteId).toBe(2);
    // Fast mode: a 50 ms stop ends it (release 40 ms), a 10 ms one does not: the note goes on.
    const gap = (ms: number): number[] => Array<number>(Math.round(ms / (256 / 48))).fill(0);
    const long = decode('fast', [
      0,
      ...Array<number>(30).fill(440),
      ...gap(50),
      ...Array<number>(30).fill(440),
    ]);
    expectConsistent(long);
    expect(noteOns(long)).toBe(2);
    expect(long.at(-1)?.reading.noteId).toBe(2);
    const short = decode('fast', [
      0,
      ...Array<number>(30).fill(440),
      ...gap(10),
      ...Array<number>(30).fill(440),
    ]);
    expectConsistent(short);
    expect(noteOns(short)).toBe(1);
    expect(short.at(-1)?.reading.noteId).toBe(1);
  });

  it('numbers are not reused when the audio thread restarts (one counter per stream)', () => {
    const counter = { last: 0 };
    const first = decode('block', [0, 440, 440, 440, 0, 523.3, 523.3], counter);
    const second = decode('fast', [0, ...Array<number>(10).fill(440)], counter);
    expect(Math.max(...ids(first))).toBe(2);
    expect(second.at(-1)?.reading.noteId).toBe(3);
  });

  it('the idle reading and a reading without a note say no note', () => {
    const reading = streamReading(
      {
        hz: 440,
        clarity: 1,
        levelDb: -20,
        windowStartMs: 100,
        windowEndMs: 200,
        endFrame: 9600,
        response: 'block',
        windowSamples: 4800,
        sampleRate: RATE,
        live: true,
        dips: [],
      },
      NO_NOTE,
    );
    expect(reading).toMatchObject({
      timeMs: 200,
      windowCentreMs: 150,
      noteId: 0,
      noteHz: 0,
      onNote: false,
    });
  });
});

describe('sameNote (the one "same note" rule)', () => {
  it('is within a quarter tone either way, and never with no pitch', () => {
    const table: [number, number, boolean][] = [
      [440, 440, true],
      [440, cents(440, 49), true],
      [440, cents(440, -49), true],
      [440, cents(440, 51), false],
      [440, cents(440, -51), false],
      [440, 880, false],
      [0, 440, false],
      [440, 0, false],
      [0, 0, false],
    ];
    for (const [a, b, same] of table) {
      expect(sameNote(a, b)).toBe(same);
      expect(sameNote(b, a)).toBe(same);
    }
  });
});
