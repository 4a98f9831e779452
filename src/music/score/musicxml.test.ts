import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../theory/notes';
import { parseMusicXml } from './musicxml';
import { DEFAULT_TEMPO_QPM, type Score } from './score-model';
import { note, quarters, scoreXml } from './testing/musicxml-builder';

const names = (score: Score): string[] => score.notes.map((n) => spelledNoteName(n.written, true));

describe('parseMusicXml: notes, rests, title', () => {
  it('reads pitches with their alter, durations, title and part name', () => {
    const score = parseMusicXml(
      scoreXml([quarters('C4', 'Bb4', 'F#5', 'Ebb4'), note('rest', 8) + note('G4', 8)], {
        title: 'Étude',
        partName: 'Solo B♭ trumpet',
      }),
    );
    expect(score.title).toBe('Étude');
    expect(score.partName).toBe('Solo B♭ trumpet');
    expect(names(score)).toEqual(['C4', 'Bb4', 'F#5', 'Ebb4', 'G4']);
    expect(score.notes.map((n) => n.startQuarters)).toEqual([0, 1, 2, 3, 6]);
    expect(score.notes.map((n) => n.durationQuarters)).toEqual([1, 1, 1, 1, 2]);
    expect(score.notes.map((n) => n.index)).toEqual([0, 1, 2, 3, 4]);
    expect(score.notes.map((n) => n.measure)).toEqual(['1', '1', '1', '1', '2']);
    expect(score.lengthQuarters).toBe(8);
    expect(score.notices).toEqual([]);
  });

  it('times notes at the default 120 when the file names no tempo', () => {
    const score = parseMusicXml(scoreXml([quarters('C4', 'D4', 'E4', 'F4')], { tempo: null }));
    expect(score.tempos).toEqual([{ atQuarters: 0, value: DEFAULT_TEMPO_QPM }]);
    expect(score.notices).toEqual(['No tempo is marked, so the piece is timed at ♩ = 120']);
    expect(score.notes.map((n) => n.startMs)).toEqual([0, 500, 1000, 1500]);
    expect(score.notes[0].durationMs).toBe(500);
    expect(score.lengthMs).toBe(2000);
  });

  it('takes the movement title when there is no work title', () => {
    const xml = scoreXml([quarters('C4', 'D4', 'E4', 'F4')]).replace(
      '<work><work-title>Test</work-title></work>',
      '<movement-title>Air</movement-title>',
    );
    expect(parseMusicXml(xml).title).toBe('Air');
  });

  it('applies a change of <divisions> to the durations after it', () => {
    const score = parseMusicXml(
      scoreXml([
        quarters('C4', 'D4', 'E4', 'F4'),
        '<attributes><divisions>8</divisions></attributes>' + note('G4', 16) + note('A4', 16),
      ]),
    );
    expect(score.notes.slice(4).map((n) => [n.startQuarters, n.durationQuarters])).toEqual([
      [4, 2],
      [6, 2],
    ]);
  });

  it('times triplets exactly (durations in divisions)', () => {
    const score = parseMusicXml(
      scoreXml([note('C4', 2).repeat(3) + note('D4', 3) + note('E4', 3) + note('F4', 6)], {
        divisions: 3,
      }),
    );
    expect(score.notes[1].startQuarters).toBeCloseTo(2 / 3, 12);
    expect(score.notes[3].startQuarters).toBeCloseTo(2, 12);
    expect(score.notes[5].durationQuarters).toBeCloseTo(2, 12);
  });
});

describe('parseMusicXml: pickup measures', () => {
  it('marks an implicit first measure as a pickup that starts the performance at 0', () => {
    const score = parseMusicXml(
      scoreXml([note('G4', 4), quarters('C5', 'D5', 'E5', 'F5')], {
        measureAttrs: { 0: 'implicit="yes"' },
      }),
    );
    expect(score.measures[0]).toMatchObject({
      pickup: true,
      startQuarters: 0,
      durationQuarters: 1,
    });
    expect(score.measures[1]).toMatchObject({
      pickup: false,
      startQuarters: 1,
      durationQuarters: 4,
    });
    expect(score.notes[1].startQuarters).toBe(1);
  });

  it('treats a short first measure as a pickup even without implicit="yes"', () => {
    const score = parseMusicXml(scoreXml([note('G4', 8), quarters('C5', 'D5', 'E5', 'F5')]));
    expect(score.measures[0].pickup).toBe(true);
    expect(score.measures[0].durationQuarters).toBe(2);
  });

  it('a tempo marked over the first full measure also times the pickup', () => {
    const tempo = '<direction><sound tempo="60"/></direction>';
    const score = parseMusicXml(
      scoreXml([note('G4', 4), tempo + quarters('C5', 'D5', 'E5', 'F5')], {
        measureAttrs: { 0: 'implicit="yes"' },
        tempo: null,
      }),
    );
    expect(score.tempos).toEqual([{ atQuarters: 0, value: 60 }]);
    expect(score.notes[1].startMs).toBe(1000);
  });

  it('fills an incomplete measure inside the piece with silence', () => {
    const score = parseMusicXml(
      scoreXml([quarters('C4', 'D4', 'E4', 'F4'), note('G4', 4), quarters('C4', 'D4', 'E4', 'F4')]),
    );
    expect(score.measures[1].durationQuarters).toBe(4);
    expect(score.notes[5].startQuarters).toBe(8);
  });
});

describe('parseMusicXml: chords, voices, grace and cue notes', () => {
  it('keeps the top note of a chord and says so', () => {
    const xml = scoreXml([
      note('C4', 4) +
        note('G4', 4).replace('<pitch>', '<chord/><pitch>') +
        note('E4', 4).replace('<pitch>', '<chord/><pitch>') +
        quarters('D4', 'E4', 'F4'),
    ]);
    const score = parseMusicXml(xml);
    expect(names(score)).toEqual(['G4', 'D4', 'E4', 'F4']);
    expect(score.notices).toEqual(['Chords reduced to the top note in 1 measure']);
  });

  it('keeps voice 1 when a second voice follows a <backup>', () => {
    const v1 = [note('E5', 8, '<voice>1</voice>'), note('F5', 8, '<voice>1</voice>')].join('');
    const v2 = [
      note('C5', 4, '<voice>2</voice>'),
      note('C5', 4, '<voice>2</voice>'),
      note('B4', 8, '<voice>2</voice>'),
    ].join('');
    const score = parseMusicXml(
      scoreXml([
        `${v1}<backup><duration>16</duration></backup>${v2}`,
        quarters('G4', 'G4', 'G4', 'G4'),
      ]),
    );
    expect(names(score).slice(0, 2)).toEqual(['E5', 'F5']);
    expect(score.notes[1].startQuarters).toBe(2);
    expect(score.notes[2].startQuarters).toBe(4);
    expect(score.notices).toEqual(['Only voice 1 kept: other voices left out in 1 measure']);
  });

  it('places notes after <forward> and keeps measure length', () => {
    const score = parseMusicXml(
      scoreXml([`<forward><duration>8</duration></forward>${note('A4', 8)}`]),
    );
    expect(score.notes[0].startQuarters).toBe(2);
  });

  it('leaves grace notes and cue notes out, with notices', () => {
    const grace = note('D5', 0)
      .replace('<duration>0</duration>', '')
      .replace('<pitch>', '<grace/><pitch>');
    const cue = note('A4', 4).replace('<pitch>', '<cue/><pitch>');
    const score = parseMusicXml(
      scoreXml([grace + quarters('C5', 'D5', 'E5', 'F5'), cue + quarters('C5', 'D5', 'E5')]),
    );
    expect(names(score)).toEqual(['C5', 'D5', 'E5', 'F5', 'C5', 'D5', 'E5']);
    expect(score.notes[4].startQuarters).toBe(5);
    expect(score.notices).toEqual([
      'Grace notes left out in 1 measure',
      'Cue notes left out in 1 measure',
    ]);
  });
});

describe('parseMusicXml: ties and slurs', () => {
  const tieStart = '<tie type="start"/><notations><tied type="start"/></notations>';
  const tieStop = '<tie type="stop"/><notations><tied type="stop"/></notations>';

  it('merges a tie across the bar line into one note with the summed length', () => {
    const score = parseMusicXml(
      scoreXml([
        quarters('C5', 'D5', 'E5') + note('G5', 4, tieStart),
        note('G5', 8, tieStop) + note('E5', 8),
      ]),
    );
    expect(names(score)).toEqual(['C5', 'D5', 'E5', 'G5', 'E5']);
    expect(score.notes[3]).toMatchObject({
      startQuarters: 3,
      durationQuarters: 3,
      measure: '1',
      measureIndex: 0,
    });
    expect(score.notes[4].index).toBe(4);
  });

  it('merges a chain of ties (stop+start on the middle note)', () => {
    const score = parseMusicXml(
      scoreXml([
        note('F4', 4, tieStart) + note('F4', 4, tieStop + tieStart) + note('F4', 8, tieStop),
      ]),
    );
    expect(score.notes).toHaveLength(1);
    expect(score.notes[0].durationQuarters).toBe(4);
  });

  it('does not merge repeated notes that are not tied', () => {
    expect(parseMusicXml(scoreXml([quarters('F4', 'F4', 'F4', 'F4')])).notes).toHaveLength(4);
  });

  it('marks notes under a slur as slurred from the previous one, and not the first', () => {
    const slur = (type: string): string =>
      `<notations><slur number="1" type="${type}"/></notations>`;
    const score = parseMusicXml(
      scoreXml([
        note('C5', 4, slur('start')) + note('D5', 4) + note('E5', 4, slur('stop')) + note('F5', 4),
      ]),
    );
    expect(score.notes.map((n) => n.slurredFromPrevious)).toEqual([false, true, true, false]);
  });

  it('does not slur across a rest', () => {
    const slur = (type: string): string => `<notations><slur type="${type}"/></notations>`;
    const score = parseMusicXml(
      scoreXml([
        note('C5', 4, slur('start')) +
          note('rest', 4) +
          note('E5', 4) +
          note('F5', 4, slur('stop')),
      ]),
    );
    expect(score.notes.map((n) => n.slurredFromPrevious)).toEqual([false, false, true]);
  });
});

describe('parseMusicXml: keys, times, tempos, transposition', () => {
  it('reads key and time changes at their performance position', () => {
    const score = parseMusicXml(
      scoreXml([
        quarters('C4', 'D4', 'E4', 'F4'),
        '<attributes><key><fifths>-2</fifths><mode>minor</mode></key><time><beats>2+2+3</beats><beat-type>8</beat-type></time></attributes>' +
          note('G4', 14),
      ]),
    );
    expect(score.keys).toEqual([
      { atQuarters: 0, value: { fifths: 0, mode: 'major' } },
      { atQuarters: 4, value: { fifths: -2, mode: 'minor' } },
    ]);
    expect(score.times).toEqual([
      { atQuarters: 0, value: { beats: 4, beatType: 4 } },
      { atQuarters: 4, value: { beats: 7, beatType: 8, groups: [2, 2, 3] } },
    ]);
    expect(score.measures[1].durationQuarters).toBe(3.5);
  });

  it('reads <sound tempo> and converts a dotted-quarter metronome mark to quarters per minute', () => {
    const metronome =
      '<direction><direction-type><metronome><beat-unit>quarter</beat-unit><beat-unit-dot/><per-minute>60</per-minute></metronome></direction-type></direction>';
    const score = parseMusicXml(
      scoreXml([
        '<direction><sound tempo="60"/></direction>' + quarters('C4', 'D4', 'E4', 'F4'),
        metronome + quarters('C4', 'D4', 'E4', 'F4'),
      ]),
    );
    expect(score.tempos).toEqual([
      { atQuarters: 0, value: 60 },
      { atQuarters: 4, value: 90 },
    ]);
    expect(score.notes[4].startMs).toBe(4000);
    expect(score.notes[5].startMs).toBeCloseTo(4000 + 60_000 / 90, 9);
  });

  it('reads <transpose> as concert minus written (a B♭ part: −2 semitones, −1 letter)', () => {
    const attributes =
      '<key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose>';
    const score = parseMusicXml(scoreXml([quarters('C5', 'D5', 'E5', 'F5')], { attributes }));
    expect(score.transposition).toEqual({ semitones: -2, letters: -1 });
    expect(names(score)[0]).toBe('C5'); // written pitch is kept as written
  });

  it('a concert part has transposition 0, 0; octave-change adds octaves', () => {
    expect(parseMusicXml(scoreXml([quarters('C5', 'D5', 'E5', 'F5')])).transposition).toEqual({
      semitones: 0,
      letters: 0,
    });
    const attributes =
      '<transpose><diatonic>0</diatonic><chromatic>0</chromatic><octave-change>-1</octave-change></transpose>';
    expect(
      parseMusicXml(scoreXml([quarters('C5', 'D5', 'E5', 'F5')], { attributes })).transposition,
    ).toEqual({
      semitones: -12,
      letters: -7,
    });
  });
});
