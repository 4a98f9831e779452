import {
  REGULAR_RANGE_WRITTEN_MIDI,
  chartNote,
  longTonePyramid,
  noteName,
  type ScaleNote,
  type Spelling,
} from '../music';
import { useSettings } from '../settings';
import { HOLD_SECONDS_RANGE } from './long-tone-session';

export const EXERCISE_IN_TUNE_CENTS_RANGE = { min: 1, max: 25 } as const;

export interface LongToneSetup {
  pattern: 'pyramid' | 'single';
  /** Written MIDI for the single-note pattern. */
  noteMidi: number;
  holdSeconds: number;
  inTuneCents: number;
  drone: boolean;
}

export const DEFAULT_LONG_TONE_SETUP: LongToneSetup = {
  pattern: 'pyramid',
  noteMidi: 67,
  holdSeconds: 8,
  inTuneCents: 10,
  drone: false,
};

const REGULAR_NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  REGULAR_NOTES.push(m);
}

export function notesFor(setup: LongToneSetup, spelling: Spelling): ScaleNote[] {
  return setup.pattern === 'pyramid'
    ? longTonePyramid({ spelling })
    : [chartNote(setup.noteMidi, spelling)];
}

/** What is wrong with a setup (the message shown), or null when it can start. */
export function setupProblem(setup: LongToneSetup): string | null {
  const { min, max } = HOLD_SECONDS_RANGE;
  if (!(setup.holdSeconds >= min && setup.holdSeconds <= max)) {
    return `Hold must be ${min}–${max} seconds.`;
  }
  const band = EXERCISE_IN_TUNE_CENTS_RANGE;
  if (!(setup.inTuneCents >= band.min && setup.inTuneCents <= band.max)) {
    return `In-tune band must be ±${band.min}–${band.max} ¢.`;
  }
  return null;
}

/** The long-tone setup form: pattern, note, hold, band, drone. */
export function LongToneSetupForm(props: {
  setup: LongToneSetup;
  onChange: (setup: LongToneSetup) => void;
  error: string | null;
  onStart: () => void;
  onExit?: () => void;
}) {
  const { setup, onChange } = props;
  const { spelling } = useSettings();
  return (
    <section className="exercise-setup" aria-label="Long tones setup">
      <h2>Long tones</h2>
      <p>
        Hold each note for the chosen time, as steady and centred as you can. Breathe between notes:
        each hold starts when you start the note.
      </p>
      <label>
        Notes{' '}
        <select
          data-testid="lt-pattern"
          value={setup.pattern}
          onChange={(e) =>
            onChange({ ...setup, pattern: e.target.value as LongToneSetup['pattern'] })
          }
        >
          {/* trumpet.md: a descending chromatic run is not a pyramid; name it what it is. */}
          <option value="pyramid">
            Chromatic run: G4 down to {noteName(54, { spelling })} and back
          </option>
          <option value="single">One note</option>
        </select>
      </label>
      {setup.pattern === 'single' && (
        <label>
          Note{' '}
          <select
            data-testid="lt-note"
            value={setup.noteMidi}
            onChange={(e) => onChange({ ...setup, noteMidi: Number(e.target.value) })}
          >
            {REGULAR_NOTES.map((m) => (
              <option key={m} value={m}>
                {noteName(m, { spelling })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Hold (s){' '}
        <input
          data-testid="lt-hold"
          type="number"
          min={HOLD_SECONDS_RANGE.min}
          max={HOLD_SECONDS_RANGE.max}
          value={setup.holdSeconds}
          onChange={(e) => onChange({ ...setup, holdSeconds: Number(e.target.value) })}
        />
      </label>
      <label>
        In tune ± (¢){' '}
        <input
          data-testid="lt-band"
          type="number"
          min={EXERCISE_IN_TUNE_CENTS_RANGE.min}
          max={EXERCISE_IN_TUNE_CENTS_RANGE.max}
          value={setup.inTuneCents}
          onChange={(e) => onChange({ ...setup, inTuneCents: Number(e.target.value) })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={setup.drone}
          onChange={(e) => onChange({ ...setup, drone: e.target.checked })}
        />{' '}
        Drone on the target note (use headphones)
      </label>
      {props.error && (
        <p role="alert" className="error">
          {props.error}
        </p>
      )}
      <div className="buttons">
        <button type="button" data-testid="lt-start" onClick={props.onStart}>
          Start
        </button>
        {props.onExit && (
          <button type="button" onClick={props.onExit}>
            Back
          </button>
        )}
      </div>
    </section>
  );
}
