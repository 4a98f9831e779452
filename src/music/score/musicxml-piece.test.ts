// A whole piece as notation programs export it, read end to end.
import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../theory/notes';
import { parseMusicXml } from './musicxml';
import { scoreForInstrument } from './score-transpose';
import { AMAZING_GRACE_MEASURES, amazingGraceXml } from './testing/amazing-grace';

describe('parseMusicXml: a realistic 16-bar piece (Amazing Grace, B♭ trumpet)', () => {
  const score = parseMusicXml(amazingGraceXml());
  const played = (from: number, to: number): string[] =>
    Array.from({ length: to - from + 1 }, (_v, i) => String(from + i));

  it('reads the header: title, part, transposition, key, time, tempo', () => {
    expect(score.title).toBe('Amazing Grace');
    expect(score.partName).toBe('Trumpet in B♭');
    expect(score.transposition).toEqual({ semitones: -2, letters: -1 });
    expect(score.keys).toEqual([{ atQuarters: 0, value: { fifths: 1, mode: 'major' } }]);
    expect(score.times).toEqual([{ atQuarters: 0, value: { beats: 3, beatType: 4 } }]);
    expect(score.tempos).toEqual([{ atQuarters: 0, value: 80 }]);
    expect(score.notices).toEqual([]);
  });

  it('plays pickup, 1–8 (1st ending), 1–7, 9 (2nd ending), 10–17', () => {
    expect(score.measures.map((m) => m.number)).toEqual([
      ...played(0, 8),
      ...played(1, 7),
      ...played(9, 17),
    ]);
    expect(score.measures[0]).toMatchObject({ pickup: true, durationQuarters: 1 });
    expect(score.measures.at(-1)?.durationQuarters).toBe(2);
    // 1 + 8 × 3 + 8 × 3 + 7 × 3 + 2 quarter notes at ♩ = 80 (750 ms a beat).
    expect(score.lengthQuarters).toBe(72);
    expect(score.lengthMs).toBe(72 * 750);
  });

  it('merges the tied D5 over the bar into one 6-beat note on both passes', () => {
    const longD5 = score.notes.filter((n) => n.durationQuarters === 6);
    expect(longD5.map((n) => [spelledNoteName(n.written, true), n.measure, n.durationMs])).toEqual([
      ['D5', '7', 4500],
      ['D5', '7', 4500],
    ]);
    const perMeasure = AMAZING_GRACE_MEASURES.map(
      (m) => m.filter((e) => e[2] !== 'tie-stop').length,
    );
    const expectedCount = score.measures.reduce((sum, m) => sum + perMeasure[Number(m.number)], 0);
    expect(score.notes).toHaveLength(expectedCount);
  });

  it('times the pickup from 0 and slurs the eighth-note pairs', () => {
    expect(
      score.notes.slice(0, 3).map((n) => [spelledNoteName(n.written, true), n.startMs]),
    ).toEqual([
      ['D4', 0],
      ['G4', 750],
      ['B4', 2250],
    ]);
    // Slurred pairs in measures 1, 5, 6 (each played twice), 10 and 15.
    expect(score.notes.filter((n) => n.slurredFromPrevious).map((n) => n.measure)).toEqual([
      '1',
      '5',
      '6',
      '1',
      '5',
      '6',
      '10',
      '15',
    ]);
  });

  it('reads in concert pitch a major 2nd lower (written G major → concert F major)', () => {
    const concert = scoreForInstrument(score, 'concert');
    expect(concert.keys[0].value.fifths).toBe(-1);
    expect(concert.notes.slice(0, 3).map((n) => spelledNoteName(n.written, true))).toEqual([
      'C4',
      'F4',
      'A4',
    ]);
  });
});
