import { useState } from 'react';
import { TempoInput, validTempo } from './TempoInput';
import type { HistoryStore } from '../history/history-db';
import { valveComboLabel, type ValveCombo, LIP_SLUR_COMBOS, lipSlurSequence } from '../music';
import type { TimedNote } from './timed-session';
import { TimedExercise } from './TimedExercise';

/** Lip slurs through the valve combinations, graded on time to lock, overshoot and cracks. */
export function LipSlursExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
}) {
  const [highestPartial, setHighestPartial] = useState<6 | 8>(6);
  const [combos, setCombos] = useState<ValveCombo[]>([...LIP_SLUR_COMBOS]);
  const [tempoBpm, setTempoBpm] = useState(60);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<TimedNote[] | null>(null);

  if (notes) {
    return (
      <TimedExercise
        exercise="lip-slurs"
        title="Lip slurs"
        notes={notes}
        tempoBpm={tempoBpm}
        recordSettings={{ highestPartial, combos: combos.join(' ') }}
        history={props.history}
        onBack={() => setNotes(null)}
        onDone={props.onDone}
      />
    );
  }

  const start = (): void => {
    const problem =
      validTempo(tempoBpm) ??
      (combos.length === 0 ? 'Choose at least one valve combination.' : null);
    if (problem) {
      setError(problem);
      return;
    }
    const sequence = lipSlurSequence({ highestPartial, combos });
    // A crack lands on another partial of the same valve combination.
    setNotes(
      sequence.map((n) => ({
        ...n,
        neighbours: sequence
          .filter((m) => m.combo === n.combo && m.partial !== n.partial)
          .map((m) => m.midi),
      })),
    );
  };

  return (
    <section className="exercise-setup" aria-label="Lip slurs setup">
      <h2>Lip slurs</h2>
      <p>
        Slur up and down the harmonic series of each valve combination without moving the valves.
        Each note is graded on how fast it locks within ±20 ¢, overshoot, and cracked or missed
        partials.
      </p>
      <label>
        Partials{' '}
        <select
          value={highestPartial}
          onChange={(e) => setHighestPartial(e.target.value === '8' ? 8 : 6)}
        >
          <option value={6}>2 to 6</option>
          <option value={8}>2 to 8 (advanced)</option>
        </select>
      </label>
      <fieldset>
        <legend>Valve combinations</legend>
        {LIP_SLUR_COMBOS.map((combo) => (
          <label key={combo} style={{ display: 'inline-block', marginRight: '0.75rem' }}>
            <input
              type="checkbox"
              checked={combos.includes(combo)}
              onChange={() =>
                setCombos(
                  combos.includes(combo)
                    ? combos.filter((c) => c !== combo)
                    : LIP_SLUR_COMBOS.filter((c) => c === combo || combos.includes(c)),
                )
              }
            />{' '}
            {valveComboLabel(combo)}
          </label>
        ))}
      </fieldset>
      <TempoInput testId="slur-tempo" tempoBpm={tempoBpm} onChange={setTempoBpm} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={start}>
          Continue
        </button>
        <button type="button" onClick={props.onBack}>
          Back
        </button>
      </div>
    </section>
  );
}
