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
