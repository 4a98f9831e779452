// The music a scales setup plays (a scale over its range, or a Clarke study), apart from its form.
import {
  REGULAR_RANGE_WRITTEN_MIDI,
  clarkePassage,
  isMinorKind,
  parseKeyName,
  phrase,
  pitchClassName,
  scaleForRange,
  type Passage,
  type Spelling,
  type Subdivision,
} from '../../music';
import type { ScaleSetup } from '../setups';

/** The music a setup plays, and what changed in its range; throws a message for the player. */
export function passageOf(
  setup: ScaleSetup,
  spelling: Spelling,
): { passage: Passage; change: string | null } {
  const { kind, key, lowMidi, highMidi, subdivision, articulation } = setup;
  if (kind === 'clarke') {
    return {
      change: null,
      passage: clarkePassage({
        key,
        lowMidi,
        highMidi,
        spelling,
        subdivision: Number(subdivision) as Subdivision,
        slurred: articulation === 'slurred',
      }),
    };
  }
  const { notes, change } = scaleForRange({
    kind,
    // A chromatic scale starts (and keeps) the low note's name as the player spells it.
    key: kind === 'chromatic' ? pitchClassName(lowMidi, spelling) : key,
    lowMidi,
    highMidi,
  });
  const tonic = kind === 'chromatic' ? null : parseKeyName(key);
  return {
    change,
    passage: {
      beatsPerBar: 4,
      key: tonic && { ...tonic, minor: isMinorKind(kind) },
      events: phrase(notes, {
        subdivision: Number(subdivision) as Subdivision,
        beatsPerBar: 4,
        slurred: articulation === 'slurred',
        lastNoteBeats: subdivision === '1' ? 2 : 1,
      }),
    },
  };
}

/** Every written note of the regular range, low to high (the range pickers' choices). */
export const RANGE_NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  RANGE_NOTES.push(m);
}
