import { useEffect, useRef, useState } from 'react';
import { getAudioSession, type DroneHandle } from '../audio/output/audio-session';
import { droneChordHz, noteName, writtenMidiToHz, type Temperament } from '../music';
import { DRONE_ROOT_MIDI_RANGE, getSettingsStore, useSettings } from '../settings';
import { droneConcertRootName } from './drone-label';
import {
  droneGain,
  droneVoicesHz,
  loadDroneOptions,
  saveDroneOptions,
  type DroneOptions,
} from './drone-options';
import { DroneSoundControls } from './DroneSoundControls';
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
 * retunes live; the audio session subtracts what it plays from the microphone, so it works
 * through the phone's speaker, no headphones needed. Volume, octave and timbre are the player's
 * (`drone-options.ts`); the tuner's targets stay on the root as written.
 */
export function DroneControl() {
  const store = getSettingsStore();
  const settings = useSettings(store);
  const { transposition, a4Hz, spelling, temperament, droneRootWrittenMidi } = settings;
  const [sound, setSound] = useState<DroneOptions>(loadDroneOptions);
  const handle = useRef<DroneHandle | null>(null);
  const [on, setOn] = useState(false);
  const rootHz = writtenMidiToHz(droneRootWrittenMidi, transposition, a4Hz);
  const chord = { fifth: settings.droneFifth, third: settings.droneThird };
  const chordHz = droneChordHz(rootHz, chord, temperament);
  const voicesHz = droneVoicesHz(chordHz, sound);
  const voicesKey = voicesHz.map((hz) => hz.toFixed(4)).join(' ');

  const play = (hz: readonly number[], options: DroneOptions): void => {
    handle.current?.release();
    const drone = getAudioSession().drone.play(hz, {
      volume: droneGain(options),
      timbre: options.timbre,
    });
    handle.current = drone;
    drone.started.catch((error: unknown) => {
      console.warn('drone failed', error);
      if (handle.current === drone) {
        handle.current = null;
        setOn(false);
      }
    });
  };

  useEffect(
    () => () => {
      handle.current?.release();
      handle.current = null;
    },
    [],
  );

  useEffect(() => {
    if (on) handle.current?.retune(voicesKey.split(' ').map(Number));
  }, [on, voicesKey]);

  const changeSound = (change: Partial<DroneOptions>): void => {
    const next = { ...sound, ...change };
    setSound(next);
    saveDroneOptions(next);
    if (!on) return;
    // A new timbre is a new voice (its wave is fixed); volume and octave change in place.
    if (next.timbre !== sound.timbre) play(droneVoicesHz(chordHz, next), next);
    else handle.current?.setVolume(droneGain(next));
  };

  const toggle = () => {
    if (on) {
      handle.current?.release();
      handle.current = null;
      setOn(false);
      return;
    }
    // Called from the click: the session's context may start only from a user gesture.
    play(voicesHz, sound);
    setOn(true);
  };

  // The button names what sounds: the root moved by the chosen octave.
  const concertRoot = droneConcertRootName(
    droneRootWrittenMidi + 12 * sound.octave,
    transposition,
    spelling,
  );
  const soundingRootHz = rootHz * 2 ** sound.octave;
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
      <DroneSoundControls options={sound} onChange={changeSound} />
      <button
        type="button"
        className={on ? 'drone-play drone-play--on' : 'drone-play'}
        data-testid="drone-toggle"
        aria-pressed={on}
        onClick={toggle}
      >
        {on ? 'Stop drone' : 'Play drone'} · concert {concertRoot} ({soundingRootHz.toFixed(1)} Hz)
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
