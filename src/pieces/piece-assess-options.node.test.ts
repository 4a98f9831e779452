/**
 * Issue 37, U5 and U8 on the pieces' grading: the bundled Mary Had a Little Lamb, played through
 * the test pitch stream, graded with the options the pieces screen uses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assessPerformance,
  concertMidiOf,
  intonationTarget,
  parseMusicXml,
  scoreForInstrument,
  getInstrument,
  midiToHz,
  shiftHzByCents,
  type Performance,
  type PerformanceEvent,
  type PerformanceReading,
} from '../music';
import { createTestStream } from '../audio/testing/stream';
import { DEFAULT_SETTINGS } from '../settings';
import { gradedAgainst, pieceAssessOptions, pieceDrone } from './piece-assess-options';
import { DEFAULT_PRACTICE } from './piece-types';
import { tonicOf } from './tonic';

const mary = scoreForInstrument(
  parseMusicXml(
    readFileSync(
      join(import.meta.dirname, '../../public/studies/mary-had-a-little-lamb.musicxml'),
      'utf8',
    ),
  ),
  getInstrument('bb-trumpet'),
);

/**
 * Mary as written from 1 s, each note 90 % of its length, `cents` off equal temperament, through
 * the test pitch stream (readings and note events as the pitch service sends them).
 */
function perform(cents: (concertMidi: number) => number): Performance {
  const readings: PerformanceReading[] = [];
  const events: PerformanceEvent[] = [];
  const notes = mary.notes.map((note) => {
    const midi = concertMidiOf(mary, note);
    return {
      fromMs: 1000 + note.startMs,
      toMs: 1000 + note.startMs + 0.9 * note.durationMs,
      hz: shiftHzByCents(midiToHz(midi), cents(midi)),
    };
  });
  const endMs = (notes[notes.length - 1]?.toMs ?? 0) + 500;
  createTestStream({
    onReading: (r) => readings.push(r),
    onNote: (e) => events.push(e),
  }).play(0, endMs, (t) => notes.find((n) => t >= n.fromMs && t < n.toMs)?.hz ?? 0);
  return { readings, events };
}
const pitchFlags = (result: ReturnType<typeof assessPerformance>) =>
  result.notes.flatMap((n) => n.flags.filter((f) => f.flag === 'sharp' || f.flag === 'flat'));

describe('pieces are graded with the moving notes’ band (U8)', () => {
  it('Mary +7 ¢ throughout: no note flagged and no slide line at the default ±15 ¢', () => {
    const options = pieceAssessOptions(DEFAULT_PRACTICE, 440);
    expect(options.bandCents).toBe(15);
    const result = assessPerformance(
      mary,
      perform(() => 7),
      options,
    );
    expect(result.notes.map((n) => n.verdict)).toEqual(mary.notes.map(() => 'played'));
    expect(pitchFlags(result)).toEqual([]);
    expect(result.fixFirst).toBeNull();
  });

  it('graded at the tuner’s ±5 ¢ (what pieces used), every note was flagged sharp', () => {
    const old = assessPerformance(
      mary,
      perform(() => 7),
      { a4Hz: 440, bandCents: DEFAULT_SETTINGS.inTuneCents },
    );
    expect(pitchFlags(old)).toHaveLength(mary.notes.length);
    // ...and a lean that flags every note is the main slide's, not one note's.
    expect(old.fixFirst).toBe(
      'Everything is high (median +7 ¢): pull the main tuning slide out a little.',
    );
  });

  it('a teacher’s band and the vibrato allowance come from the piece’s settings', () => {
    expect(pieceAssessOptions({ ...DEFAULT_PRACTICE, bandCents: 8, vibrato: true }, 442)).toEqual({
      a4Hz: 442,
      bandCents: 8,
      vibrato: true,
    });
  });
});

describe('pieces over the drone are judged in just intonation (U5)', () => {
  const tonic = tonicOf(mary);
  const drone = pieceDrone(tonic);
  /** Each note where the tuner aims it over the tonic drone (the 3rd of G: −14 ¢). */
  const just = (midi: number) => intonationTarget(midi, tonic.concertMidi, 'just').offsetCents;
  const options = pieceAssessOptions({ ...DEFAULT_PRACTICE, bandCents: 10 }, 440);

  it('names the drone as its control does (written G for a B♭ trumpet, G major)', () => {
    expect(tonic.name).toBe('G major');
    expect(gradedAgainst(mary, drone).judgedIn).toBe(
      'Judged in just intonation against the G drone.',
    );
    expect(gradedAgainst(mary, null)).toEqual({ score: mary, judgedIn: null });
  });

  it('Mary at the just targets over the drone, at a teacher’s ±10 ¢: nothing flagged', () => {
    const result = assessPerformance(gradedAgainst(mary, drone).score, perform(just), options);
    expect(pitchFlags(result)).toEqual([]);
    expect(result.fixFirst).toBeNull();
  });

  it('the same take in equal temperament (no drone): the 3rds (B4) are flat', () => {
    const result = assessPerformance(mary, perform(just), options);
    const flagged = result.notes.filter((n) => n.flags.some((f) => f.flag === 'flat'));
    expect(new Set(flagged.map((n) => n.written))).toEqual(new Set(['B4']));
    expect(result.fixFirst).toMatch(/^B4 in bar 1 is 14 ¢ flat/);
  });
});
