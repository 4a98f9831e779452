import { useEffect, useRef, useState } from 'react';
import { createReferenceTone, type ReferenceTone } from '../audio/reference-tone';
import { droneChordHz, noteName, writtenMidiToHz, type Temperament } from '../music';
import { DRONE_ROOT_MIDI_RANGE, getSettingsStore, useSettings } from '../settings';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { droneConcertRootName } from './drone-label';
import './drone.css';

/** Written notes offered for the drone's root: the regular range, F♯3..C6. */
const NOTES = Array.from(
  { length: DRONE_ROOT_MIDI_RANGE.max - DRONE_ROOT_MIDI_RANGE.min + 1 },
  (_, i) => DRONE_ROOT_MIDI_RANGE.min + i,
);

const TEMPERAMENT_LABELS: Readonly<Record<Temperament, string>> = {
  equal: 'Equal',
  just: 'Just',
};

/**
 * The drone: a root (written pitch for the instrument, sounding at its concert pitch for the
 * current A4) and optionally its 5th and major 3rd, tuned in the chosen temperament, which also
 * sets what the tuner aims at (equal temperament, or just intonation against this root). It
 * retunes live, and tells the pitch service what it plays so the tuner subtracts it from the
 * microphone: it works through the phone's speaker, no headphones needed.
 */
export function DroneControl() {
  const store = getSettingsStore();
  const settings = useSettings(store);
  const service = usePitchService();
  const { transposition, a4Hz, spelling, temperament, droneRootWrittenMidi } = settings;
  const [on, setOn] = useState(false);
  const toneRef = useRef<ReferenceTone | null>(null);
  const rootHz = writtenMidiToHz(droneRootWrittenMidi, transposition, a4Hz);
  const chord = { fifth: settings.droneFifth, third: settings.droneThird };
  const voicesHz = droneChordHz(rootHz, chord, temperament);
  const voicesKey = voicesHz.map((hz) => hz.toFixed(4)).join(' ');

  useEffect(
    () => () => {
      void toneRef.current?.dispose();
      toneRef.current = null;
      service.setDrone([]);
    },
    [service],
  );

  useEffect(() => {
    if (!on) return;
    const voices = voicesKey.split(' ').map(Number);
    toneRef.current?.setFrequency(voices);
    service.setDrone(voices);
  }, [on, voicesKey, service]);

  const toggle = () => {
    if (on) {
      toneRef.current?.stop();
      service.setDrone([]);
      setOn(false);
      return;
    }
    // Sines: only their own partials reach the microphone, which the pitch stream subtracts.
    toneRef.current ??= createReferenceTone({ waveform: 'sine' });
    // Called from the click: the tone's context may start only from a user gesture.
    toneRef.current.start(voicesHz).catch((error: unknown) => {
      console.warn('drone failed', error);
      service.setDrone([]);
      setOn(false);
    });
    service.setDrone(voicesHz);
    setOn(true);
  };

  const concertRoot = droneConcertRootName(droneRootWrittenMidi, transposition, spelling);
  const chordButton = (key: 'droneFifth' | 'droneThird', label: string, testId: string) => (
    <button
      type="button"
      className={settings[key] ? 'drone-chip drone-chip--on' : 'drone-chip'}
      aria-pressed={settings[key]}
      data-testid={testId}
      onClick={() => store.update({ [key]: !settings[key] })}
    >
      {label}
    </button>
  );

  return (
    <section className="drone-panel" aria-labelledby="drone-title" data-testid="drone-panel">
      <h2 className="drone-panel__title" id="drone-title">
        Drone and temperament
      </h2>
      <div className="drone-panel__row">
        <label className="drone-panel__field">
          <span>Drone root (written)</span>
          <select
            data-testid="drone-note"
            value={droneRootWrittenMidi}
            onChange={(event) => store.update({ droneRootWrittenMidi: Number(event.target.value) })}
          >
            {NOTES.map((midi) => (
              <option key={midi} value={midi}>
                {noteName(midi, { spelling })}
              </option>
            ))}
          </select>
        </label>
        <div className="drone-panel__chips" role="group" aria-label="Chord tones">
          {chordButton('droneFifth', '+ 5th', 'drone-fifth')}
          {chordButton('droneThird', '+ 3rd', 'drone-third')}
        </div>
      </div>
      <div className="drone-panel__row" role="group" aria-label="Tune to">
        <span className="drone-panel__label">Tune to</span>
        {(['equal', 'just'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={temperament === value}
            className={temperament === value ? 'drone-chip drone-chip--on' : 'drone-chip'}
            data-testid={`temperament-${value}`}
            onClick={() => store.update({ temperament: value })}
          >
            {TEMPERAMENT_LABELS[value]}
          </button>
        ))}
      </div>
      <button
        type="button"
        className={on ? 'drone-play drone-play--on' : 'drone-play'}
        data-testid="drone-toggle"
        aria-pressed={on}
        onClick={toggle}
      >
        {on ? 'Stop drone' : 'Play drone'} · concert {concertRoot} ({rootHz.toFixed(1)} Hz)
      </button>
      <p className="drone-panel__note">
        {temperament === 'just'
          ? 'Just: the tuner aims each note at its pure interval above the root (a 3rd 14 ¢ low, a 5th 2 ¢ high).'
          : 'Equal: the tuner aims every note at equal temperament.'}{' '}
        No headphones needed: the tuner subtracts the drone it plays.
      </p>
    </section>
  );
}
