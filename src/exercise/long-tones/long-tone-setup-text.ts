import { longTonePyramidOutward, noteName, spelledName, type Spelling } from '../../music';
import type { LongToneSetup } from '../setups';

/** What each pattern plays, as the setup's list and the routine's step name it. */
export function patternLabel(
  pattern: LongToneSetup['pattern'],
  noteMidi: number,
  spelling: Spelling,
): string {
  switch (pattern) {
    case 'pyramid': {
      // Named from the notes it plays, so the label cannot drift from the pattern again (it once
      // said "to C4 and C5" while the pyramid, 5 semitones each way from G4, stopped at D4).
      const notes = longTonePyramidOutward({ spelling });
      const lowest = notes.reduce((a, b) => (b.midi < a.midi ? b : a));
      const highest = notes.reduce((a, b) => (b.midi > a.midi ? b : a));
      return `Pyramid: out from ${spelledName(notes[0])} to ${spelledName(lowest)} and ${spelledName(highest)}`;
    }
    // trumpet.md: a descending chromatic run is not a pyramid; name it what it is.
    case 'chromatic':
      return `Chromatic run: G4 down to ${noteName(54, { spelling })} and back`;
    case 'pedal':
      return `Pedal tones: C3 down to ${noteName(42, { spelling })} (guided)`;
    case 'single':
      return `One note: ${noteName(noteMidi, { spelling })}`;
  }
}

/** The setup in one line, for a routine step that starts without its form. */
export function longToneSetupText(setup: LongToneSetup, spelling: Spelling): string {
  return [
    patternLabel(setup.pattern, setup.noteMidi, spelling),
    `hold ${setup.holdSeconds} s`,
    setup.pattern === 'single' || setup.restSeconds === 0
      ? 'no rest'
      : `rest ${setup.restSeconds} s`,
    `in tune ±${setup.inTuneCents} ¢`,
    ...(setup.drone ? ['drone on'] : []),
  ].join(' · ');
}
