import { fingeringFor } from '../../music';
import { ValveDiagram } from '../ValveDiagram';
import type { TimedNote } from './timed-note';

/**
 * The valves for the note being played: the combination the exercise asks for (a lip slur's
 * harmonic series), else the note's usual fingering with its alternates (trumpet.md "Fingerings").
 */
export function NoteValves(props: { note: TimedNote }) {
  const { note } = props;
  if (note.combo) return <ValveDiagram primary={note.combo} alternates={[]} />;
  const fingering = fingeringFor(note.midi);
  return fingering.hasFingering ? (
    <ValveDiagram
      primary={fingering.primary}
      alternates={fingering.alternates}
      uses={fingering.alternateUses}
    />
  ) : null;
}
