import { describe, expect, it } from 'vitest';
import { spelledNoteName } from '../theory/notes';
import { parseMusicXml } from './musicxml';
import type { Score } from './score-model';
import { note, quarters, scoreXml } from './testing/musicxml-builder';

const names = (score: Score): string[] => score.notes.map((n) => spelledNoteName(n.written, true));
const metronome = (inner: string): string =>
  `<direction><direction-type><metronome>${inner}</metronome></direction-type></direction>`;

describe('readMeasures: voices and staves', () => {
  it('keeps the lowest voice of staff 1 when there is no voice 1, and leaves staff 2 out', () => {
    const upper = [note('E5', 8, '<voice>2</voice>'), note('F5', 8, '<voice>2</voice>')].join('');
    const lower = note('C3', 16, '<voice>5</voice><staff>2</staff>');
    const score = parseMusicXml(
      scoreXml([`${upper}<backup><duration>16</duration></backup>${lower}`]),
    );
    expect(names(score)).toEqual(['E5', 'F5']);
    expect(score.notices).toEqual(['Only voice 2 kept: other voices left out in 1 measure']);
  });

  it('leaves unpitched (percussion) notes out with a notice', () => {
    const unpitched =
      '<note><unpitched><display-step>C</display-step><display-octave>5</display-octave></unpitched><duration>4</duration></note>';
    const score = parseMusicXml(scoreXml([unpitched + quarters('C5', 'D5', 'E5')]));
    expect(names(score)).toEqual(['C5', 'D5', 'E5']);
    expect(score.notices).toEqual(['Unpitched (percussion) notes left out in 1 measure']);
  });
});

describe('readMeasures: ties', () => {
  const tieStart = '<tie type="start"/>';
  const tieStop = '<tie type="stop"/>';

  it('does not merge a tie broken by a rest or onto another pitch', () => {
    const score = parseMusicXml(
      scoreXml([
        note('G4', 4, tieStart) + note('rest', 4) + note('G4', 4, tieStop) + note('A4', 4, tieStop),
      ]),
    );
    expect(names(score)).toEqual(['G4', 'G4', 'A4']);
  });

  it('reads a tie drawn only with <tied> (files that omit <tie>)', () => {
    const score = parseMusicXml(
      scoreXml([
        note('G4', 8, '<notations><tied type="start"/></notations>') +
          note('G4', 8, '<notations><tied type="stop"/></notations>'),
      ]),
    );
    expect(score.notes.map((n) => n.durationQuarters)).toEqual([4]);
  });

  it('merges an enharmonic tie (G♯ tied to A♭ sounds one note)', () => {
    const score = parseMusicXml(scoreXml([note('G#4', 8, tieStart) + note('Ab4', 8, tieStop)]));
    expect(names(score)).toEqual(['G#4']);
    expect(score.notes[0].durationQuarters).toBe(4);
  });
});

describe('readMeasures: tempo marks', () => {
  it.each([
    ['a half note = 60', '<beat-unit>half</beat-unit><per-minute>60</per-minute>', 120],
    [
      'a dotted quarter = 60',
      '<beat-unit>quarter</beat-unit><beat-unit-dot/><per-minute>60</per-minute>',
      90,
    ],
    [
      'a double-dotted quarter = 40',
      '<beat-unit>quarter</beat-unit><beat-unit-dot/><beat-unit-dot/><per-minute>40</per-minute>',
      70,
    ],
    ['an eighth = 132', '<beat-unit>eighth</beat-unit><per-minute>132</per-minute>', 66],
    ['"c. 100" per quarter', '<beat-unit>quarter</beat-unit><per-minute>c. 100</per-minute>', 100],
  ])('%s is %d quarters a minute', (_label, inner, qpm) => {
    const score = parseMusicXml(
      scoreXml([metronome(inner) + quarters('C4', 'D4', 'E4', 'F4')], { tempo: null }),
    );
    expect(score.tempos).toEqual([{ atQuarters: 0, value: qpm }]);
  });

  it('prefers <sound tempo> to the printed metronome of the same direction', () => {
    const both =
      '<direction><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>100</per-minute></metronome></direction-type><sound tempo="96"/></direction>';
    expect(parseMusicXml(scoreXml([both + quarters('C4', 'D4', 'E4', 'F4')])).tempos[0].value).toBe(
      96,
    );
  });

  it('ignores a metric modulation (beat-unit = beat-unit) and changes tempo mid-measure', () => {
    const modulation = metronome('<beat-unit>quarter</beat-unit><beat-unit>half</beat-unit>');
    const score = parseMusicXml(
      scoreXml([
        modulation + note('C4', 8) + '<direction><sound tempo="60"/></direction>' + note('D4', 8),
      ]),
    );
    expect(score.tempos).toEqual([
      { atQuarters: 0, value: 120 },
      { atQuarters: 2, value: 60 },
    ]);
    expect(score.notes[1].startMs).toBe(1000);
    expect(score.lengthMs).toBe(3000);
  });
});

describe('readMeasures: a tempo first marked later', () => {
  it('starts at 120 and says so', () => {
    const score = parseMusicXml(
      scoreXml(
        [
          quarters('C4', 'D4', 'E4', 'F4'),
          '<sound tempo="60"/>' + quarters('G4', 'A4', 'B4', 'C5'),
        ],
        {
          tempo: null,
        },
      ),
    );
    expect(score.tempos).toEqual([
      { atQuarters: 0, value: 120 },
      { atQuarters: 4, value: 60 },
    ]);
    expect(score.notes[5].startMs).toBe(3000);
    expect(score.notices).toEqual(['No tempo is marked at the start, so it begins at ♩ = 120']);
  });
});

describe('readMeasures: jumps written as words only', () => {
  it('reads straight through and says so', () => {
    const words =
      '<direction><direction-type><words>D.C. al Fine</words></direction-type></direction>';
    const score = parseMusicXml(
      scoreXml([quarters('C4', 'D4', 'E4', 'F4'), words + quarters('G4', 'A4', 'B4', 'C5')]),
    );
    expect(score.measures.map((m) => m.number)).toEqual(['1', '2']);
    expect(score.notices).toEqual([
      '"D.C. al Fine" is written as words only, so the piece is read straight through',
    ]);
  });
});

describe('parseMusicXml: a part named for a transposing instrument without <transpose>', () => {
  it.each([
    ['Trumpet in B♭', true],
    ['Trumpet in Bb', true],
    ['Cornet in E♭', true],
    ['Trumpet in C', false],
    ['Trumpet', false],
  ])('%s: notice %s', (partName, warned) => {
    const score = parseMusicXml(scoreXml([quarters('C5', 'D5', 'E5', 'F5')], { partName }));
    expect(score.transposition).toEqual({ semitones: 0, letters: 0 });
    expect(score.notices).toEqual(
      warned
        ? [
            `The part is named "${partName}" but the file gives no transposition, so its notes are read as concert pitch`,
          ]
        : [],
    );
  });
});
