import { describe, expect, it } from 'vitest';
import { heardNoteName, passageSpellings } from './heard-name';

/** Spelt as the key would (flats, as B♭ major). */
const inFlats = (midi: number): string =>
  ['C', 'D♭', 'D', 'E♭', 'E', 'F', 'G♭', 'G', 'A♭', 'A', 'B♭', 'B'][midi % 12] +
  String(Math.floor(midi / 12) - 1);

describe('the note heard under a target (W4)', () => {
  it('the right note is named as the music spells it, not re-spelt by the key', () => {
    expect(
      heardNoteName({ hasPitch: true, writtenMidi: 70 }, { midi: 70, name: 'A♯4' }, inFlats),
    ).toBe('A♯4');
  });

  it('another note is spelt in the key, and no pitch is no name', () => {
    expect(
      heardNoteName({ hasPitch: true, writtenMidi: 71 }, { midi: 70, name: 'A♯4' }, inFlats),
    ).toBe('B4');
    expect(
      heardNoteName({ hasPitch: true, writtenMidi: 68 }, { midi: 70, name: 'A♯4' }, inFlats),
    ).toBe('A♭4');
    expect(heardNoteName({ hasPitch: false }, { midi: 70, name: 'A♯4' }, inFlats)).toBeNull();
  });

  it('a note the passage has elsewhere is spelt as the passage spells it (a crack in a series)', () => {
    const series = passageSpellings([
      { midi: 54, name: 'F♯3' },
      { midi: 61, name: 'C♯4' },
      { midi: 66, name: 'F♯4' },
      { midi: 70, name: 'A♯4' },
      { midi: 66, name: 'G♭4' },
    ]);
    expect(series.get(66)).toBe('F♯4');
    expect(
      heardNoteName(
        { hasPitch: true, writtenMidi: 70 },
        { midi: 66, name: 'F♯4' },
        inFlats,
        series,
      ),
    ).toBe('A♯4');
    expect(
      heardNoteName(
        { hasPitch: true, writtenMidi: 68 },
        { midi: 66, name: 'F♯4' },
        inFlats,
        series,
      ),
    ).toBe('A♭4');
  });
});
