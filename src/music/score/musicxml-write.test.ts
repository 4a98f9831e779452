import { describe, expect, it } from 'vitest';
import { parseMusicXml } from './musicxml';
import { scoreToMusicXml } from './musicxml-write';
import { scoreFromLine } from './score-build';
import { spelledNoteName } from '../theory/notes';

describe('MusicXML writer', () => {
  it('round-trips through the reader: pitches, lengths, rests, ties across bars, slurs, key, tempo', () => {
    const score = scoreFromLine(
      [
        ['Bb4', 1],
        ['F#4', 0.5],
        ['G4', 0.5, true],
        [null, 1],
        ['C5', 3], // crosses the bar line: tied
        ['Eb5', 1 / 3],
        ['D5', 1 / 3],
        ['C5', 1 / 3],
        ['Bb4', 4],
      ],
      { title: 'Round trip', key: { fifths: -2, mode: 'major' }, qpm: 96 },
    );
    const back = parseMusicXml(scoreToMusicXml(score));
    expect(back.title).toBe('Round trip');
    expect(back.transposition).toEqual({ semitones: -2, letters: -1 });
    expect(back.keys[0]?.value.fifths).toBe(-2);
    expect(back.tempos[0]?.value).toBe(96);
    expect(back.notes.map((n) => spelledNoteName(n.written, true))).toEqual(
      score.notes.map((n) => spelledNoteName(n.written, true)),
    );
    back.notes.forEach((n, i) => {
      const want = score.notes[i];
      expect(n.startQuarters).toBeCloseTo(want.startQuarters, 6);
      expect(n.durationQuarters).toBeCloseTo(want.durationQuarters, 6);
      expect(n.startMs).toBeCloseTo(want.startMs, 3);
      expect(n.slurredFromPrevious).toBe(want.slurredFromPrevious);
    });
    expect(back.measures.length).toBe(score.measures.length);
  });
});
