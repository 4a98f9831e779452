import { describe, expect, it } from 'vitest';
import {
  getInstrument,
  INSTRUMENT_IDS,
  LETTERS,
  midiOf,
  parseSpelledNote,
  SPELLINGS,
  spelledToMidi,
  writtenToConcertMidi,
} from '../music';
import { droneConcertRootName } from './drone-label';
import { noteLabels } from './tuner-display';

/**
 * Issue 22 row 4: the drone button names its concert root as the tuner does, for every
 * instrument, written root of the drone's range and spelling preference; checked by interval
 * arithmetic on letters (the concert letter is the written letter moved by the instrument's
 * interval) except where the tuner says a plain natural instead of E♯/B♯/C♭/F♭ (row 8).
 */
describe('drone label: every instrument × written root F♯3–C6 × spelling', () => {
  it.each(INSTRUMENT_IDS.map((id) => [id]))('%s', (id) => {
    const instrument = getInstrument(id);
    for (const spelling of SPELLINGS) {
      for (let root = midiOf('F♯3'); root <= midiOf('C6'); root++) {
        const label = droneConcertRootName(root, id, spelling);
        const labels = noteLabels(root, id, spelling);
        expect(label).toBe(labels.concertNote);
        const concert = parseSpelledNote(label);
        const written = parseSpelledNote(labels.note);
        if (!concert || !written) throw new Error(label);
        expect(spelledToMidi(concert)).toBe(writtenToConcertMidi(root, id));
        expect(Math.abs(concert.accidental)).toBeLessThanOrEqual(1);
        if (concert.accidental === 0) continue; // a natural: plain or by interval, both read right
        const letters =
          LETTERS.indexOf(concert.letter) +
          7 * concert.octave -
          (LETTERS.indexOf(written.letter) + 7 * written.octave);
        expect(letters, `${labels.note} → ${label}`).toBe(instrument.concertOffsetLetters);
      }
    }
  });

  it('the issue examples on a B♭ trumpet: B♭4 → A♭4, E♭4 → D♭4', () => {
    expect(droneConcertRootName(midiOf('B♭4'), 'bb-trumpet')).toBe('A♭4');
    expect(droneConcertRootName(midiOf('E♭4'), 'bb-trumpet')).toBe('D♭4');
  });
});
