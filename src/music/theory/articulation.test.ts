import { describe, expect, it } from 'vitest';
import {
  articulationOnsets,
  articulationPassage,
  SAME_ATTACK_MS,
  summarizeArticulation,
  TONGUING_NOTES_PER_BEAT,
  TONGUING_SYLLABLES,
} from './articulation';
import { bars, timedNotes } from './notation';
import { fragmentKeyName } from './fragments';
import { SPELLINGS } from './notes';
import { spelledName } from './scales';

describe('articulationPassage', () => {
  it('double tonguing on one note: sixteenths, tongued, two bars and a rest bar', () => {
    const passage = articulationPassage({ tonguing: 'double', pattern: 'note' });
    const notes = timedNotes(passage);
    expect(notes).toHaveLength(7 * 4 + 1);
    expect(notes.every((n) => !n.slurredIn)).toBe(true);
    expect(notes[1].startBeat).toBe(0.25);
    expect(bars(passage)).toHaveLength(3);
    expect(spelledName(notes[0].note)).toBe('G4');
  });

  it('triple tonguing on a scale fragment: three notes a beat on each step, in the key', () => {
    const passage = articulationPassage({ tonguing: 'triple', pattern: 'fragment', startMidi: 58 });
    const names = timedNotes(passage).map((n) => spelledName(n.note));
    expect(names.slice(0, 7)).toEqual(['B♭3', 'B♭3', 'B♭3', 'C4', 'C4', 'C4', 'D4']);
    expect(names).toContain('E♭4');
    expect(passage.key).toEqual({ letter: 'B', accidental: -1, minor: false });
  });

  it('names the range of a bad option', () => {
    expect(() => articulationPassage({ tonguing: 'single', pattern: 'note', bars: 9 })).toThrow(
      /from 1 to 8/,
    );
  });
});

describe('summarizeArticulation', () => {
  const due = Array.from({ length: 16 }, (_, i) => 1000 + i * 125);
  it('even onsets: small spread, every note heard', () => {
    const onsets = due.map((d, i) => d + (i % 2 ? 4 : -4));
    const summary = summarizeArticulation(
      due,
      onsets,
      125,
      4,
      due.map(() => 40),
    );
    expect(summary.evennessMs).toBeCloseTo(4, 5);
    expect(summary.notesPerBeat).toBe(4);
    expect(summary.score).toBe(100);
    expect(summary.text).toMatch(
      /^16 of 16 notes heard .*Onsets even to ±4 ms\. Attacks settle in 40 ms\./,
    );
  });
  it('a K that does not speak: notes run together, fewer per beat', () => {
    const onsets = due.filter((_, i) => i % 2 === 0).map((d) => d + 2);
    const summary = summarizeArticulation(due, onsets, 125, 4, []);
    expect(summary.notesHeard).toBe(8);
    expect(summary.notesPerBeat).toBe(2);
    expect(summary.score).toBeLessThanOrEqual(75);
    expect(summary.text).toMatch(/ran together/);
  });
  it('uneven onsets: a spread of 30 ms scores lower than 5 ms', () => {
    const uneven = due.map((d, i) => d + (i % 2 ? 30 : -30));
    const even = due.map((d, i) => d + (i % 2 ? 5 : -5));
    expect(summarizeArticulation(due, uneven, 125, 4, []).score).toBeLessThan(
      summarizeArticulation(due, even, 125, 4, []).score,
    );
  });
});

describe('articulationOnsets', () => {
  it('re-attacks count as note starts; a note-on within SAME_ATTACK_MS of one is the same attack', () => {
    // One note-on (the first note, after silence) and re-attacks inside the held pitch.
    expect(articulationOnsets([1000], [1250, 1500, 1750])).toEqual([1000, 1250, 1500, 1750]);
    // The tracker also saw the third note (a longer stroke): kept once, at the re-attack.
    expect(articulationOnsets([1000, 1495], [1250, 1500])).toEqual([1000, 1250, 1500]);
    expect(articulationOnsets([1000, 1500 - SAME_ATTACK_MS - 1], [1500])).toEqual([
      1000,
      1500 - SAME_ATTACK_MS - 1,
      1500,
    ]);
  });

  it('with the re-attacks, legato double tonguing reads 4 notes per beat; from note-ons alone, 1', () => {
    const due = Array.from({ length: 12 }, (_, k) => 1000 + 125 * k);
    const strokes = due.slice(1).map((ms) => ms + 3);
    const withStrokes = summarizeArticulation(due, articulationOnsets([1002], strokes), 125, 4, []);
    expect(withStrokes.notesPerBeat).toBe(4);
    expect(withStrokes.notesHeard).toBe(12);
    const alone = summarizeArticulation(due, [1002], 125, 4, []);
    expect(alone.notesPerBeat).toBeLessThan(1);
  });
});

describe('issue 22 row 17: the fragment is in the key as the player reads it', () => {
  const LETTERS = 'CDEFGAB';
  it('every tonic × spelling: five notes on consecutive letters, no double sharp or flat', () => {
    for (const spelling of SPELLINGS) {
      for (let tonic = 55; tonic <= 72; tonic++) {
        const passage = articulationPassage({
          tonguing: 'single',
          pattern: 'fragment',
          startMidi: tonic,
          spelling,
        });
        const notes = timedNotes(passage).map((n) => n.note);
        const up = [...new Map(notes.map((n) => [n.midi, n])).values()].slice(0, 5);
        expect(up[0].midi).toBe(tonic);
        for (let i = 1; i < 5; i++) {
          expect((LETTERS.indexOf(up[i].letter) - LETTERS.indexOf(up[i - 1].letter) + 7) % 7).toBe(
            1,
          );
        }
        expect(notes.every((n) => Math.abs(n.accidental) <= 1)).toBe(true);
        const key = fragmentKeyName(tonic, spelling);
        expect(key[0]).toBe(up[0].letter);
      }
    }
  });

  it('F♯ is F♯ major for every reader: G♭ would need a C♭ (teacher reading 3, U21)', () => {
    expect(fragmentKeyName(66)).toBe('F♯');
    expect(fragmentKeyName(66, 'sharps')).toBe('F♯');
    expect(fragmentKeyName(66, 'flats')).toBe('F♯');
    // D♯ major would need F𝄪: a sharps reader still gets E♭.
    expect(fragmentKeyName(63, 'sharps')).toBe('E♭');
    const picked = articulationPassage({
      tonguing: 'single',
      pattern: 'fragment',
      startMidi: 66,
      key: 'F♯',
    });
    const names = [...new Set(timedNotes(picked).map((n) => spelledName(n.note)))];
    expect(names).toEqual(['F♯4', 'G♯4', 'A♯4', 'B4', 'C♯5']);
    expect(picked.key).toEqual({ letter: 'F', accidental: 1, minor: false });
    expect(() =>
      articulationPassage({ tonguing: 'single', pattern: 'fragment', startMidi: 60, key: 'F♯' }),
    ).toThrow(/does not start on MIDI 60/);
  });
});

describe('issue 22 (b): the T-vs-K drill', () => {
  it('K alone in the same eighths as single tonguing, tongued, every note', () => {
    const t = articulationPassage({ tonguing: 'single', pattern: 'note', bars: 2 });
    const k = articulationPassage({ tonguing: 'k-only', pattern: 'note', bars: 2 });
    const beats = (p: typeof t) =>
      timedNotes(p).map((n) => [n.startBeat, n.note.midi, n.slurredIn]);
    expect(beats(k)).toEqual(beats(t));
    expect(TONGUING_SYLLABLES['k-only']).toBe('K K');
    expect(TONGUING_NOTES_PER_BEAT['k-only']).toBe(TONGUING_NOTES_PER_BEAT.single);
  });
});
