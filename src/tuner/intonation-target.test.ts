import { describe, expect, it } from 'vitest';
import { midiOf, writtenMidiToHz } from '../music';
import { aimAtTarget, targetLine, type TargetSettings } from './intonation-target';
import { describeReading, NO_SIGNAL } from './tuner-display';

const JUST_ON_C: TargetSettings = {
  temperament: 'just',
  droneRootWrittenMidi: midiOf('C4'),
  inTuneCents: 5,
};
const EQUAL: TargetSettings = { ...JUST_ON_C, temperament: 'equal' };
const settings = { transposition: 'bb-trumpet', a4Hz: 440, inTuneCents: 5 } as const;
/** The display for written `note` played `cents` off equal temperament on a B♭ trumpet. */
const played = (note: string, cents: number) =>
  describeReading(writtenMidiToHz(midiOf(note), 'bb-trumpet') * 2 ** (cents / 1200), settings);

describe('aiming the display at its target', () => {
  it('a pure major 3rd over the drone (13.7 ¢ below equal) reads in tune in just intonation', () => {
    const pure = aimAtTarget(played('E4', -13.7), JUST_ON_C);
    expect(pure).toMatchObject({ hasPitch: true, cents: 0, verdict: 'in-tune' });
    // The same note played at equal temperament is 13.7 ¢ sharp of its just target.
    expect(aimAtTarget(played('E4', 0), JUST_ON_C)).toMatchObject({
      cents: 13.7,
      verdict: 'sharp',
    });
    expect(targetLine(played('E4', 0), JUST_ON_C)).toBe('E4 as the 3rd of C: aim −14 ¢');
  });

  it('a 5th aims 2 ¢ above equal, the root and its octaves at 0', () => {
    expect(aimAtTarget(played('G4', 0), JUST_ON_C)).toMatchObject({
      cents: -2,
      verdict: 'in-tune',
    });
    expect(aimAtTarget(played('C5', 3), JUST_ON_C)).toMatchObject({ cents: 3 });
    expect(targetLine(played('G4', 0), JUST_ON_C)).toBe('G4 as the 5th of C: aim +2 ¢');
    expect(targetLine(played('C5', 0), JUST_ON_C)).toBe('C5 as the root of C: aim 0 ¢');
  });

  it('equal temperament leaves the display alone and shows no line', () => {
    const display = played('E4', -13.7);
    expect(aimAtTarget(display, EQUAL)).toBe(display);
    expect(targetLine(display, EQUAL)).toBe('');
  });

  it('without a note: nothing to aim, the line names the root', () => {
    expect(aimAtTarget(NO_SIGNAL, JUST_ON_C)).toBe(NO_SIGNAL);
    expect(targetLine(NO_SIGNAL, { ...JUST_ON_C, droneRootWrittenMidi: midiOf('B♭3') })).toBe(
      'Just intonation against B♭',
    );
  });

  it('spells the note by interval from the root: the 3rd of D is F♯ even with flats', () => {
    const target = { ...JUST_ON_C, droneRootWrittenMidi: midiOf('D4'), spelling: 'flats' as const };
    expect(targetLine(played('F♯4', 0), target)).toBe('F♯4 as the 3rd of D: aim −14 ¢');
  });
});

describe('the just-intonation line names the pitch the tuner shows (teacher reading 3, U17)', () => {
  const on = (root: string): TargetSettings => ({
    ...JUST_ON_C,
    droneRootWrittenMidi: midiOf(root),
  });
  it('a B3 over a D♭ drone is "B3 (C♭)", not "C♭4", an octave number the display never shows', () => {
    // The minor 7th above D♭3 is C♭4 by letters (D→C, 6 steps) and B3 in pitch (61 − 2 = 59).
    expect(targetLine(played('B3', 0), on('D♭4'))).toBe(
      'B3 (C♭) as the minor-key 7th of D♭: aim +18 ¢',
    );
  });
  it('keeps the shown name for C♭, F♭ and E♯ spellings in every octave', () => {
    const rows: [string, string, string][] = [
      // [root, shown, line]: the interval's letter in brackets, the display's octave kept.
      ['A♭4', 'B3', 'B3 (C♭) as the minor 3rd of A♭: aim +16 ¢'],
      ['A♭3', 'B4', 'B4 (C♭) as the minor 3rd of A♭: aim +16 ¢'],
      ['A♭4', 'E4', 'E4 (F♭) as the minor 6th of A♭: aim +14 ¢'],
      ['F♯4', 'F4', 'F4 (E♯) as the 7th of F♯: aim −12 ¢'],
      ['D♭4', 'B4', 'B4 (C♭) as the minor-key 7th of D♭: aim +18 ¢'],
    ];
    for (const [root, shown, line] of rows) {
      expect(targetLine(played(shown, 0), on(root))).toBe(line);
    }
  });
  it('over every root and written note F♯3–C6, the line starts with the display name', () => {
    for (let root = midiOf('F♯3'); root <= midiOf('C6'); root++) {
      for (let note = midiOf('F♯3'); note <= midiOf('C6'); note++) {
        const display = describeReading(writtenMidiToHz(note, 'bb-trumpet'), settings);
        if (!display.hasPitch) throw new Error('no pitch');
        const line = targetLine(display, { ...JUST_ON_C, droneRootWrittenMidi: root });
        expect(line.startsWith(`${display.note} `), line).toBe(true);
      }
    }
  });
  it('a note the interval spells as shown keeps the plain line', () => {
    expect(targetLine(played('F♯4', 0), on('D4'))).toBe('F♯4 as the 3rd of D: aim −14 ¢');
  });
});
