import { useState } from 'react';
import type { HistoryStore } from '../history/history-db';
import { TempoInput, validTempo } from './TempoInput';
import {
  REGULAR_RANGE_WRITTEN_MIDI,
  noteName,
  pitchClassName,
  buildScale,
  MAJOR_KEYS,
  MINOR_KEYS,
  SCALE_KINDS,
  type ScaleKind,
  type ScaleNote,
} from '../music';
import { useSettings } from '../settings';
import { TimedExercise } from './TimedExercise';

const KIND_LABELS: Record<ScaleKind, string> = {
  major: 'Major',
  'natural-minor': 'Natural minor',
  'harmonic-minor': 'Harmonic minor',
  chromatic: 'Chromatic',
};

const RANGE_NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  RANGE_NOTES.push(m);
}

/** Scales in every key (major, natural/harmonic minor, chromatic) over a chosen range, to a click. */
export function ScalesExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
}) {
  const settings = useSettings();
  const [kind, setKind] = useState<ScaleKind>('major');
  const [key, setKey] = useState('C');
  const [lowMidi, setLowMidi] = useState(60);
  const [highMidi, setHighMidi] = useState(72);
  const [tempoBpm, setTempoBpm] = useState(80);
  const [drone, setDrone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<ScaleNote[] | null>(null);
  const keys = kind === 'natural-minor' || kind === 'harmonic-minor' ? MINOR_KEYS : MAJOR_KEYS;

  if (notes) {
    return (
      <TimedExercise
        exercise="scales"
        title={`${key} ${KIND_LABELS[kind].toLowerCase()}`}
        notes={notes}
        tempoBpm={tempoBpm}
        recordSettings={{ kind, key, lowMidi, highMidi }}
        history={props.history}
        onBack={() => setNotes(null)}
        onDone={props.onDone}
        droneMidi={drone ? notes[0].midi : undefined}
      />
    );
  }

  const start = (): void => {
    const tempoProblem = validTempo(tempoBpm);
    if (tempoProblem) {
      setError(tempoProblem);
      return;
    }
    try {
      setNotes(
        buildScale({
          kind,
          // A chromatic scale starts (and keeps) the low note's name as the player spells it.
          key: kind === 'chromatic' ? pitchClassName(lowMidi, settings.spelling) : key,
          lowMidi,
          highMidi,
        }),
      );
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="exercise-setup" aria-label="Scales setup">
      <h2>Scales</h2>
      <label>
        Scale{' '}
        <select
          data-testid="scale-kind"
          value={kind}
          onChange={(e) => {
            const next = e.target.value as ScaleKind;
            setKind(next);
            setKey(next === 'natural-minor' || next === 'harmonic-minor' ? 'A' : 'C');
          }}
        >
          {SCALE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {kind !== 'chromatic' && (
        <label>
          Key{' '}
          <select data-testid="scale-key" value={key} onChange={(e) => setKey(e.target.value)}>
            {keys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        From{' '}
        <select value={lowMidi} onChange={(e) => setLowMidi(Number(e.target.value))}>
          {RANGE_NOTES.map((m) => (
            <option key={m} value={m}>
              {noteName(m, { spelling: settings.spelling })}
            </option>
          ))}
        </select>{' '}
        to{' '}
        <select value={highMidi} onChange={(e) => setHighMidi(Number(e.target.value))}>
          {RANGE_NOTES.map((m) => (
            <option key={m} value={m}>
              {noteName(m, { spelling: settings.spelling })}
            </option>
          ))}
        </select>
      </label>
      <TempoInput testId="scale-tempo" tempoBpm={tempoBpm} onChange={setTempoBpm} />
      <label>
        <input type="checkbox" checked={drone} onChange={(e) => setDrone(e.target.checked)} /> Drone
        on the tonic (use headphones)
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" data-testid="scale-go" onClick={start}>
          Continue
        </button>
        <button type="button" onClick={props.onBack}>
          Back
        </button>
      </div>
    </section>
  );
}
