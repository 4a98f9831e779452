import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../notes';
import { parseMusicXml } from './musicxml';
import { DEFAULT_TEMPO_QPM, type Score } from './score-model';
import { scoreForInstrument } from './score-transpose';
import { AMAZING_GRACE_MEASURES, amazingGraceXml } from './testing/amazing-grace';
import { note, quarters, scoreXml } from './testing/musicxml-builder';

const names = (score: Score): string[] => score.notes.map((n) => spelledNoteName(n.written, true));

describe('parseMusicXml: notes, rests, title', () => {
  it('reads pitches with their alter, durations, title and part name', () => {
    const score = parseMusicXml(
      scoreXml([quarters('C4', 'Bb4', 'F#5', 'Ebb4'), note('rest', 8) + note('G4', 8)], {
        title: 'Étude',
        partName: 'Trumpet in B♭',
      }),
    );
    expect(score.title).toBe('Étude');
    expect(score.partName).toBe('Trumpet in B♭');
    expect(names(score)).toEqual(['C4', 'Bb4', 'F#5', 'Ebb4', 'G4']);
    expect(score.notes.map((n) => n.startQuarters)).toEqual([0, 1, 2, 3, 6]);
    expect(score.notes.map((n) => n.durationQuarters)).toEqual([1, 1, 1, 1, 2]);
    expect(score.notes.map((n) => n.index)).toEqual([0, 1, 2, 3, 4]);
    expect(score.notes.map((n) => n.measure)).toEqual(['1', '1', '1', '1', '2']);
    expect(score.lengthQuarters).toBe(8);
    expect(score.notices).toEqual([]);
  });

  it('times notes at the default 120 when the file names no tempo', () => {
    const score = parseMusicXml(scoreXml([quarters('C4', 'D4', 'E4', 'F4')]));
    expect(score.tempos).toEqual([{ atQuarters: 0, value: DEFAULT_TEMPO_QPM }]);
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
