import { useEffect, useRef, useState } from 'react';
import { createReferenceTone, type ReferenceTone } from '../audio/reference-tone';
import { noteName, writtenMidiToHz, type InstrumentId, type Spelling } from '../music';

/** Written notes offered for the drone: the regular range, F♯3..C6. */
const FIRST_MIDI = 54;
const LAST_MIDI = 84;
const NOTES = Array.from({ length: LAST_MIDI - FIRST_MIDI + 1 }, (_, i) => FIRST_MIDI + i);

/**
 * Reference tone / drone at a chosen written note (sounding at the instrument's concert pitch for
 * the current A4). Switched on and off by the player; retunes live when the note, instrument or
 * A4 changes. The tuner hears the drone too: headphones keep it out of the microphone.
 */
export function DroneControl(props: {
  transposition: InstrumentId;
  a4Hz: number;
  spelling?: Spelling;
}) {
  const { transposition, a4Hz } = props;
  const [writtenMidi, setWrittenMidi] = useState(60);
  const [on, setOn] = useState(false);
  const toneRef = useRef<ReferenceTone | null>(null);
  const hz = writtenMidiToHz(writtenMidi, transposition, a4Hz);

  useEffect(
    () => () => {
      void toneRef.current?.dispose();
      toneRef.current = null;
    },
    [],
  );

  useEffect(() => {
    if (on) toneRef.current?.setFrequency(hz);
  }, [on, hz]);

  const toggle = () => {
    if (on) {
      toneRef.current?.stop();
      setOn(false);
      return;
    }
    toneRef.current ??= createReferenceTone();
    // Called from the click: the tone's context may start only from a user gesture.
    toneRef.current.start(hz).catch((error: unknown) => {
      console.warn('reference tone failed', error);
      setOn(false);
    });
    setOn(true);
  };

  return (
    <div className="tuner-drone">
      <label className="tuner-field">
        <span>Drone note (written)</span>
        <select
          data-testid="drone-note"
          value={writtenMidi}
          onChange={(event) => setWrittenMidi(Number(event.target.value))}
        >
          {NOTES.map((midi) => (
            <option key={midi} value={midi}>
              {noteName(midi, { spelling: props.spelling })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={on ? 'tuner-button tuner-button--on' : 'tuner-button'}
        data-testid="drone-toggle"
        aria-pressed={on}
        onClick={toggle}
      >
        {on ? 'Stop drone' : 'Play drone'} ({hz.toFixed(1)} Hz)
      </button>
    </div>
  );
}
