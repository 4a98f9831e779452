import { describe, expect, it } from 'vitest';
import { parseMusicXml } from './musicxml';
import { performanceOrder, type RepeatMarks } from './performance-order';
import { MAX_PERFORMANCE_MEASURES, ScoreReadError } from './score-read-error';
import { barline, note, scoreXml } from './testing/musicxml-builder';

const FORWARD = barline('left', '<repeat direction="forward"/>');
const BACKWARD = barline('right', '<repeat direction="backward"/>');
const backward = (times: number): string =>
  barline('right', `<repeat direction="backward" times="${String(times)}"/>`);
const endingStart = (numbers: string): string =>
  barline('left', `<ending number="${numbers}" type="start"/>`);
const endingStop = (numbers: string): string =>
  barline('right', `<ending number="${numbers}" type="stop"/>`);
const endingDiscontinue = (numbers: string): string =>
  barline('right', `<ending number="${numbers}" type="discontinue"/>`);
const sound = (attrs: string): string => `<direction><sound ${attrs}/></direction>`;

/** Measure numbers in performance order of a part whose measures hold one whole note plus `marks`. */
function playedMeasures(marks: readonly string[]): string[] {
  // Barlines are read by their location attribute, so marks may follow the note.
  const score = parseMusicXml(scoreXml(marks.map((m) => note('C5', 16) + m)));
  expect(score.notes.map((n) => n.measure)).toEqual(score.measures.map((m) => m.number));
  expect(score.notes.map((n) => n.index)).toEqual(score.notes.map((_n, i) => i));
  expect(score.notes.map((n) => n.measureIndex)).toEqual(score.measures.map((_m, i) => i));
  expect(score.measures.map((m) => m.startQuarters)).toEqual(score.measures.map((_m, i) => 4 * i));
  return score.measures.map((m) => m.number);
}

describe('performance order through MusicXML barlines and sounds', () => {
  it('plays straight through without marks', () => {
    expect(playedMeasures(['', '', ''])).toEqual(['1', '2', '3']);
  });

  it('repeats from the start when there is no forward repeat', () => {
    expect(playedMeasures(['', BACKWARD, ''])).toEqual(['1', '2', '1', '2', '3']);
  });

  it('repeats from a forward repeat, and `times` plays it that often', () => {
    expect(playedMeasures(['', FORWARD, BACKWARD, ''])).toEqual(['1', '2', '3', '2', '3', '4']);
    expect(playedMeasures([FORWARD, backward(3), ''])).toEqual(['1', '2', '1', '2', '1', '2', '3']);
  });

  it('a second backward repeat goes back to just after the first', () => {
    expect(playedMeasures(['', BACKWARD, '', BACKWARD])).toEqual([
      '1',
      '2',
      '1',
      '2',
      '3',
      '4',
      '3',
      '4',
    ]);
  });

  it('plays 1st and 2nd endings on their passes', () => {
    // | 1 |: 2 | 3 |1. 4 :|2. 5 | 6 |
    const measures = [
      '',
      FORWARD,
      '',
      endingStart('1') + BACKWARD + endingStop('1'),
      endingStart('2') + endingDiscontinue('2'),
      '',
    ];
    expect(playedMeasures(measures)).toEqual(['1', '2', '3', '4', '2', '3', '5', '6']);
  });

  it('plays an ending "1, 2" twice and the 3rd ending last; endings of several measures', () => {
    // |: 1 |1.2. 2 | 3 :|3. 4 | 5 |
    const measures = [
      FORWARD,
      endingStart('1, 2'),
      BACKWARD + endingStop('1, 2'),
      endingStart('3') + endingStop('3'),
      '',
    ];
    expect(playedMeasures(measures)).toEqual(['1', '2', '3', '1', '2', '3', '1', '4', '5']);
  });

  it('reads an ending range "1-2" like "1, 2"', () => {
    const measures = [
      FORWARD,
      endingStart('1-2'),
      BACKWARD + endingStop('1-2'),
      endingStart('3') + endingStop('3'),
    ];
    expect(playedMeasures(measures)).toEqual(['1', '2', '3', '1', '2', '3', '1', '4']);
  });

  it('D.C. al Fine: back to the start, repeats not taken again, stops at Fine', () => {
    // |: 1 | 2 :| 3 (Fine) | 4 (D.C.) |
    const measures = [FORWARD, BACKWARD, sound('fine="yes"'), sound('dacapo="yes"')];
    expect(playedMeasures(measures)).toEqual(['1', '2', '1', '2', '3', '4', '1', '2', '3']);
  });

  it('after D.C. only the final ending is played', () => {
    const measures = [
      FORWARD,
      endingStart('1') + BACKWARD + endingStop('1'),
      endingStart('2') + endingDiscontinue('2'),
      sound('dacapo="yes"'),
    ];
    expect(playedMeasures(measures)).toEqual(['1', '2', '1', '3', '4', '1', '3', '4']);
  });

  it('D.S. al Coda: back to the segno, To Coda jumps to the Coda', () => {
    // 1 | 2 (segno) | 3 (To Coda) | 4 (D.S.) | 5 (Coda) | 6
    const measures = [
      '',
      sound('segno="segno"'),
      sound('tocoda="coda"'),
      sound('dalsegno="segno"'),
      sound('coda="coda"'),
      '',
    ];
    expect(playedMeasures(measures)).toEqual(['1', '2', '3', '4', '2', '3', '5', '6']);
  });

  it('keeps keys, times and tempos as they stand in the file when a jump goes back', () => {
    const key = (fifths: number): string =>
      `<attributes><key><fifths>${String(fifths)}</fifths></key></attributes>`;
    const score = parseMusicXml(
      scoreXml([note('C5', 16), key(2) + note('D5', 16) + sound('dacapo="yes"')].map(String)),
    );
    expect(score.measures.map((m) => m.number)).toEqual(['1', '2', '1', '2']);
    expect(score.keys.map((k) => [k.atQuarters, k.value.fifths])).toEqual([
      [0, 0],
      [4, 2],
      [8, 0],
      [12, 2],
    ]);
  });
});

describe('performanceOrder limits', () => {
  const plain: RepeatMarks = {
    forwardRepeat: false,
    backwardRepeatTimes: null,
    endingStart: null,
    endingEnd: false,
    jumps: {
      segno: false,
      coda: false,
      toCoda: false,
      daCapo: false,
      dalSegno: false,
      fine: false,
    },
  };

  it(`accepts ${String(MAX_PERFORMANCE_MEASURES)} measures and refuses more, naming the limit`, () => {
    expect(performanceOrder(Array<RepeatMarks>(MAX_PERFORMANCE_MEASURES).fill(plain))).toHaveLength(
      MAX_PERFORMANCE_MEASURES,
    );
    const marks = Array<RepeatMarks>(1100).fill(plain);
    marks[1099] = { ...plain, backwardRepeatTimes: 2 };
    expect(() => performanceOrder(marks)).toThrow(ScoreReadError);
    expect(() => performanceOrder(marks)).toThrow(/over 2000 measures once repeats are played out/);
  });

  it('refuses a repeat played a million times rather than looping', () => {
    const marks = [{ ...plain, backwardRepeatTimes: 1_000_000 }];
    expect(() => performanceOrder(marks)).toThrow(ScoreReadError);
  });
});
