import type { InstrumentId, Spelling } from '../music';
import { noteLabels } from './tuner-display';

/**
 * The concert name on the drone's button: the tuner's own concert spelling of the written root
 * (by interval: written B♭4 on a B♭ trumpet is concert A♭4, never G♯4; issue 22 row 4), so the
 * button and the reading never name one pitch two ways.
 */
export function droneConcertRootName(
  rootWrittenMidi: number,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): string {
  return noteLabels(rootWrittenMidi, instrumentId, spelling).concertNote;
}
