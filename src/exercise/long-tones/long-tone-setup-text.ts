import { noteName, type Spelling } from '../../music';
import type { LongToneSetup } from '../setups';

/** What each pattern plays, as the setup's list and the routine's step name it. */
export function patternLabel(
  pattern: LongToneSetup['pattern'],
  noteMidi: number,
  spelling: Spelling,
): string {
  switch (pattern) {
    case 'pyramid':
      return 'Pyramid: out from G4 to C4 and C5';
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
