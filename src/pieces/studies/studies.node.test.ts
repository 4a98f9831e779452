/**
 * The bundled studies as the app ships them: every file in public/studies/ is read by the app's
 * own reader, is what the generator writes today, stays inside the B♭ trumpet's written range
 * (trumpet.md: F♯3–C6), names its public-domain source, is spelled per its key, and is played
 * through the assessor by a synthesised performance with no wrong or missed note.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assessPerformance,
  clarkeKeys,
  concertMidiOf,
  parseScoreFile,
  parseSpelledNote,
  spelledNoteName,
  spelledToMidi,
  transposeSpelled,
  WRITTEN_RANGE_MIDI,
  type Accidental,
  type Letter,
  type Score,
  type SpelledNote,
} from '../../music';
import { synthPerformance, type SynthNote } from '../../music/testing';
import { STUDIES, type Study } from './catalogue';
import { BUNDLED_STUDIES } from './index';
import { studyMusicXml } from './study-build';
import { STUDIES_FOLDER, studyFileName } from './study-files';

const folder = resolve(import.meta.dirname, '../../../public', STUDIES_FOLDER);
const fileText = (study: Study): string => readFileSync(join(folder, studyFileName(study)), 'utf8');
const scoreOf = (study: Study): Score =>
  parseScoreFile(studyFileName(study), new TextEncoder().encode(fileText(study)));

const mod = (a: number, m: number): number => ((a % m) + m) % m;
const LETTER_ORDER: readonly Letter[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];
const letterPosition = (n: SpelledNote): number => n.octave * 7 + LETTER_ORDER.indexOf(n.letter);

/**
 * The key's signature as letter → accidental, from its major scale built by intervals (the
 * relative major of a minor key: a minor 3rd up). Its `fifths` is the sum of those accidentals.
 */
function signatureOfKey(study: Study): {
  fifths: number;
  accidentalOf: Map<Letter, Accidental>;
} {
  const tonic = parseSpelledNote(`${study.tonic}4`);
  if (!tonic) throw new Error(`bad tonic ${study.tonic}`);
  const major = study.mode === 'minor' ? transposeSpelled(tonic, 2, 3) : tonic;
  const majorSemitones = [0, 2, 4, 5, 7, 9, 11];
  const scale = majorSemitones.map((semitones, letters) =>
    transposeSpelled(major, letters, semitones),
  );
  return {
    fifths: scale.reduce((sum, n) => sum + n.accidental, 0),
    accidentalOf: new Map(scale.map((n) => [n.letter, n.accidental])),
  };
}

/** An interval by name ("m3", "A4", "P8") as letters and semitones, from the major scale. */
function namedInterval(name: string): [letters: number, semitones: number] {
  const quality = name[0];
  const number = Number(name.slice(1));
  const major = [0, 2, 4, 5, 7, 9, 11, 12][number - 1];
  const perfect = [1, 4, 5, 8].includes(number);
  const shift =
    quality === 'M' || quality === 'P' ? 0 : quality === 'm' ? -1 : quality === 'A' ? 1 : -99;
  if (major === undefined || shift === -99 || (perfect && quality === 'm')) {
    throw new Error(`not an interval: ${name}`);
  }
  return [number - 1, major + shift];
}

const play = (score: Score): SynthNote[] =>
  score.notes.map((note) => ({
    midi: concertMidiOf(score, note),
    onsetMs: 1000 + note.startMs,
    durationMs: 0.9 * note.durationMs,
  }));

const verdictCounts = (score: Score, notes: readonly SynthNote[]) => {
  const result = assessPerformance(score, synthPerformance(notes));
  return {
    wrong: result.notes.filter((n) => n.verdict === 'wrong').length,
    missed: result.notes.filter((n) => n.verdict === 'missed').length,
  };
};

describe('the bundled studies', () => {
  it('are at least 24, with unique ids, and the list for the library matches the catalogue', () => {
    expect(STUDIES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(STUDIES.map((s) => s.id)).size).toBe(STUDIES.length);
    expect(BUNDLED_STUDIES.map((s) => s.id)).toEqual(STUDIES.map((s) => s.id));
    for (const study of BUNDLED_STUDIES) {
      expect(study.url).toBe(`/studies/${study.id}.musicxml`);
      expect(study.keyName).toMatch(/^[A-G][♭♯]? (major|minor)$/);
    }
  });

  it('ships exactly the files the generator writes now (run `npm run studies:build` after an edit)', () => {
    const onDisk = readdirSync(folder)
      .filter((name) => name.endsWith('.musicxml'))
      .sort();
    expect(onDisk).toEqual(STUDIES.map((s) => studyFileName(s)).sort());
    for (const study of STUDIES) expect(fileText(study), study.id).toBe(studyMusicXml(study));
  });

  it('each names its composer and its public-domain source; generated ones say so', () => {
    for (const study of BUNDLED_STUDIES) {
      expect(study.composer.trim(), study.id).not.toBe('');
      expect(study.source, study.id).toMatch(/public domain/i);
    }
    for (const study of STUDIES) {
      const generated = study.composer.startsWith('after ');
      expect(study.source.startsWith('Pattern after '), study.id).toBe(generated);
      if (generated) expect(study.source, study.id).toContain('not a copy of the printed page');
      expect(fileText(study), study.id).toContain('<creator type="composer">');
    }
  });

  describe.each(STUDIES.map((study) => [study.id, study] as const))('%s', (_id, study) => {
    const score = scoreOf(study);

    it('is read by the app: title, key, meter, tempo, notes, and every note drawable', () => {
      expect(score.title).toBe(study.title);
      expect(score.transposition).toEqual({ semitones: -2, letters: -1 });
      expect(score.keys[0]?.value).toEqual({
        fifths: signatureOfKey(study).fifths,
        mode: study.mode,
      });
      expect(score.times[0]?.value).toMatchObject({
        beats: study.time[0],
        beatType: study.time[1],
      });
      expect(score.tempos[0]?.value).toBe(study.qpm);
      expect(score.notices).toEqual([]);
      expect(score.notes.length).toBeGreaterThanOrEqual(8);
      const notes = fileText(study).match(/<note>.*?<\/note>/g) ?? [];
      expect(notes.filter((n) => !/<type>/.test(n))).toEqual([]);
    });

    it('stays in the B♭ trumpet written range F♯3–C6', () => {
      const outside = score.notes
        .filter((n) => {
          const midi = spelledToMidi(n.written);
          return midi < WRITTEN_RANGE_MIDI.low || midi > WRITTEN_RANGE_MIDI.high;
        })
        .map((n) => spelledNoteName(n.written));
      expect(outside).toEqual([]);
    });

    it('is spelled per its key: scale notes as the key has them, others one alteration away', () => {
      const { accidentalOf } = signatureOfKey(study);
      const scalePitchClasses = new Set(
        [...accidentalOf].map(([letter, accidental]) =>
          mod(spelledToMidi({ letter, accidental, octave: 4 }), 12),
        ),
      );
      const tonic = parseSpelledNote(`${study.tonic}4`);
      if (!tonic) throw new Error('bad tonic');
      // A minor key's raised 6th and 7th: a major 6th and a major 7th above the tonic.
      const raised =
        study.mode === 'minor'
          ? [transposeSpelled(tonic, 5, 9), transposeSpelled(tonic, 6, 11)].map(
              (n) => `${n.letter}${n.accidental}`,
            )
          : [];
      const faults: string[] = [];
      score.notes.forEach((note, i) => {
        const { letter, accidental } = note.written;
        const inKey = accidentalOf.get(letter) ?? 0;
        const name = spelledNoteName(note.written);
        if (accidental === inKey) return;
        if (scalePitchClasses.has(mod(spelledToMidi(note.written), 12))) {
          faults.push(`${name}: a note of the key spelled as another`);
        } else if (Math.abs(accidental - inKey) !== 1 || Math.abs(accidental) > 1) {
          faults.push(`${name}: more than one alteration`);
        } else if (study.mode === 'minor' && !raised.includes(`${letter}${accidental}`)) {
          faults.push(`${name}: not the minor key's raised 6th or 7th`);
        } else if (study.pattern === undefined && !study.composer.startsWith('after ')) {
          // In a tune, a raised note leads up, a lowered one down (to the next letter).
          const next = score.notes[i + 1];
          const step = next ? letterPosition(next.written) - letterPosition(note.written) : 0;
          const wanted = accidental > inKey ? 1 : -1;
          if (study.mode === 'major' && step !== wanted) faults.push(`${name}: does not resolve`);
        }
      });
      expect(faults).toEqual([]);
    });

    it('plays through the assessor: a clean synthesised performance has 0 wrong, 0 missed', () => {
      expect(verdictCounts(score, play(score))).toEqual({ wrong: 0, missed: 0 });
    });
  });

  it('the assessor does hear a fault in a bundled study (the play-through test can fail)', () => {
    const study = STUDIES.find((s) => s.id === 'ode-to-joy');
    if (!study) throw new Error('ode-to-joy is missing');
    const score = scoreOf(study);
    const notes = play(score).map((n, i) => (i === 6 ? { ...n, midi: n.midi + 2 } : n));
    expect(verdictCounts(score, notes)).toEqual({ wrong: 1, missed: 0 });
  });

  it('Clarke pattern studies: the five-note figure is the app’s Clarke figure in that key', () => {
    for (const study of STUDIES) {
      if (study.pattern?.kind !== 'clarke-second') continue;
      const tonic = parseSpelledNote(study.pattern.tonic);
      if (!tonic) throw new Error('bad tonic');
      const tonicMidi = spelledToMidi(tonic);
      const [first] = clarkeKeys({
        key: study.tonic.replace('b', '♭'),
        lowMidi: tonicMidi,
        highMidi: tonicMidi + 7,
        keys: 1,
      });
      const figure = (first?.notes ?? []).slice(0, 16).map((n) => spelledNoteName(n));
      const played = scoreOf(study)
        .notes.slice(0, 16)
        .map((n) => spelledNoteName(n.written));
      expect(played, study.id).toEqual(figure);
    }
  });

  it('Clarke pattern studies leave a rest to breathe after each exercise (teacher reading 3, U18)', () => {
    const clarke = STUDIES.filter((s) => s.id.startsWith('clarke-'));
    expect(clarke.length).toBe(8);
    for (const study of clarke) {
      const { notes } = scoreOf(study);
      // Phrases: notes that follow each other with no rest between (the next starts where the
      // previous ends); a rest, however short, is where the player can breathe.
      const phrasesMs: number[] = [];
      const restsMs: number[] = [];
      let phraseStartMs = notes[0]?.startMs ?? 0;
      notes.forEach((n, i) => {
        const next = notes[i + 1];
        const endMs = n.startMs + n.durationMs;
        if (next && next.startMs - endMs < 1) return;
        phrasesMs.push(endMs - phraseStartMs);
        if (next) restsMs.push(next.startMs - endMs);
        phraseStartMs = next?.startMs ?? 0;
      });
      // One breath a key in the First Study pattern (C4 to F♯3: 7 keys; G4 to C4: 8), three
      // exercises in the Second Study pattern.
      const keys =
        study.id === 'clarke-first-study-pattern-low' ? 7 : study.id.includes('first') ? 8 : 3;
      expect(phrasesMs.length, study.id).toBe(keys);
      // Each phrase is one breath at the study's tempo (a bar of 16ths and the landing note at
      // ♩=60 is 6 s; two bars and the landing at ♩=66, 9.1 s), each rest a half note (≥ 1.8 s).
      expect(Math.max(...phrasesMs), study.id).toBeLessThanOrEqual(10_000);
      expect(Math.min(...restsMs), study.id).toBeGreaterThanOrEqual(1800);
      // The phrase lands on the note it started from, under the same slur.
      const landing = notes.filter(
        (n, i) =>
          notes[i + 1] === undefined || notes[i + 1].startMs - (n.startMs + n.durationMs) >= 1,
      );
      for (const n of landing) expect(n.slurredFromPrevious, study.id).toBe(true);
    }
  });

  it('interval studies: each bar is the next interval, minor 2nd to octave, spelled by interval', () => {
    const names = ['m2', 'M2', 'm3', 'M3', 'P4', 'A4', 'P5', 'm6', 'M6', 'm7', 'M7', 'P8'];
    for (const study of STUDIES) {
      if (study.pattern?.kind !== 'intervals') continue;
      const { pivot, direction } = study.pattern;
      const notes = scoreOf(study).notes.map((n) => n.written);
      const got = names.map((_, bar) => {
        const [from, to] = [notes[3 * bar], notes[3 * bar + 1]];
        if (!from || !to) return 'missing';
        expect(spelledNoteName(from)).toBe(spelledNoteName(parseSpelledNote(pivot) ?? from));
        return [
          direction * (letterPosition(to) - letterPosition(from)),
          direction * (spelledToMidi(to) - spelledToMidi(from)),
        ];
      });
      expect(got, study.id).toEqual(names.map(namedInterval));
    }
  });
});
