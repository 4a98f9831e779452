import { describe, expect, it } from 'vitest';
import { parseMusicXml } from './musicxml';
import { scoreToMusicXml } from './musicxml-write';
import { barline, quarters, scoreXml } from './testing/musicxml-builder';

/**
 * What a part prints, kept on its measures for drawing though the score is played out in order
 * (score-model.ts ScoreMeasure): clefs, repeat signs, endings, and where the player comes back.
 */
const FORWARD = barline('left', '<repeat direction="forward"/>');
const BACKWARD = barline('right', '<repeat direction="backward"/>');
const ending = (numbers: string, type: 'start' | 'stop') =>
  barline(type === 'start' ? 'left' : 'right', `<ending number="${numbers}" type="${type}"/>`);
const clef = (sign: string, line: number, number = '') =>
  `<attributes><clef${number ? ` number="${number}"` : ''}><sign>${sign}</sign><line>${line}</line></clef></attributes>`;
const bar = quarters('C4', 'D4', 'E4', 'F4');

/** Each measure as "number:marks" in performance order (marks left out when there are none). */
function marks(xml: string): string[] {
  return parseMusicXml(xml).measures.map((m) => {
    const said = [
      m.clef ? `clef ${m.clef.sign}${m.clef.line}` : '',
      m.repeatStart ? '|:' : '',
      m.ending ? `ending ${m.ending.join(',')}` : '',
      m.repeatEnd ? ':|' : '',
      m.again ? `again ${m.again}` : '',
    ].filter(Boolean);
    return said.length > 0 ? `${m.number}:${said.join(' ')}` : m.number;
  });
}

describe('repeat signs and endings on the played-out measures', () => {
  it('|: 2 3 :| plays 2 3 twice: the signs on both passes, the way back marked the 2nd time', () => {
    expect(marks(scoreXml([bar, FORWARD + bar, bar + BACKWARD, bar]))).toEqual([
      '1',
      '2:|:',
      '3::|',
      '2:|: again 2',
      '3::|',
      '4',
    ]);
  });

  it('a repeat back to the start (no forward sign), times="3"', () => {
    const back3 = barline('right', '<repeat direction="backward" times="3"/>');
    expect(marks(scoreXml([bar, bar + back3]))).toEqual([
      '1',
      '2::|',
      '1:again 2',
      '2::|',
      '1:again 3',
      '2::|',
    ]);
  });

  it('first and second endings: each bracket where it starts, the second reached forward', () => {
    const xml = scoreXml([
      FORWARD + bar,
      ending('1', 'start') + bar + ending('1', 'stop') + BACKWARD,
      ending('2', 'start') + bar + ending('2', 'stop'),
    ]);
    expect(marks(xml)).toEqual(['1:|:', '2:ending 1 :|', '1:|: again 2', '3:ending 2']);
  });
});

describe('clefs', () => {
  it('a part without a clef, or in the treble clef, says nothing (treble is the default)', () => {
    expect(marks(scoreXml([bar, bar]))).toEqual(['1', '2']);
    expect(marks(scoreXml([clef('G', 2) + bar]))).toEqual(['1']);
  });

  it('a bass-clef part, a change to treble mid-part, and one inside a bar drawn from the next', () => {
    const xml = scoreXml([
      clef('F', 4) + bar,
      bar,
      clef('G', 2) + bar,
      quarters('C4', 'D4') + clef('C', 3) + quarters('E4', 'F4'),
      bar,
    ]);
    expect(marks(xml)).toEqual(['1:clef F4', '2:clef F4', '3', '4', '5:clef C3']);
  });

  it("another staff's clef, a percussion clef or a line off the staff are not the part's", () => {
    const xml = scoreXml([
      clef('F', 4, '2') + bar,
      '<attributes><clef><sign>percussion</sign></clef></attributes>' + bar,
      clef('C', 7) + bar,
    ]);
    expect(marks(xml)).toEqual(['1', '2', '3']);
  });

  it('a clef travels through an assignment (written back as MusicXML, read again)', () => {
    const score = parseMusicXml(scoreXml([clef('F', 4) + bar, clef('G', 2) + bar]));
    const again = parseMusicXml(scoreToMusicXml(score));
    expect(again.measures.map((m) => m.clef)).toEqual([{ sign: 'F', line: 4 }, undefined]);
  });
});
