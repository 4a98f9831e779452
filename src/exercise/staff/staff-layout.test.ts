import { describe, expect, it } from 'vitest';
import { buildScale, phrase, type Passage } from '../../music';
import { keyAccidentalCount, layoutLines } from './staff-layout';

const scale = (key: string): Passage => {
  const notes = buildScale({ kind: 'major', key, lowMidi: 58, highMidi: 77 });
  return {
    beatsPerBar: 4,
    key: {
      letter: key[0] as 'C',
      accidental: key.includes('♭') ? -1 : key.includes('♯') ? 1 : 0,
      minor: false,
    },
    events: phrase(notes, { subdivision: 2, beatsPerBar: 4, slurred: false }),
  };
};

describe('layoutLines', () => {
  it('packs a two-octave scale into lines no wider than a phone', () => {
    const passage = scale('E♭');
    const lines = layoutLines(passage, 360);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.flatMap((l) => l.bars)).toEqual([
      ...Array(lines.flatMap((l) => l.bars).length).keys(),
    ]);
    for (const line of lines)
      expect(line.widths.reduce((s, w) => s + w, 0)).toBeLessThanOrEqual(360);
    // Every full line fills the width (bars stretched, not left ragged).
    expect(lines[0].widths.reduce((s, w) => s + w, 0)).toBe(360);
  });
  it('counts key-signature accidentals by the circle of fifths', () => {
    expect(keyAccidentalCount(scale('E♭'))).toBe(3);
    expect(keyAccidentalCount(scale('F♯'))).toBe(6);
    expect(
      keyAccidentalCount({
        beatsPerBar: 4,
        key: { letter: 'C', accidental: 1, minor: true },
        events: [],
      }),
    ).toBe(4);
  });
});
