import { IonInput } from '@ionic/react';
import {
  chartNote,
  chromaticRun,
  PEDAL_TONES,
  longTonePyramidOutward,
  type ScaleNote,
  type Spelling,
} from '../../music';
import { getSettingsStore, useSettings } from '../../settings';
import { HOLD_SECONDS_RANGE } from './long-tone-session';
import { patternLabel } from './long-tone-setup-text';
import { BandSetting, IN_TUNE_BAND_RANGE, SetupActions, WrittenNoteSelect } from '../SetupControls';
import { LONG_TONES_DEFAULT_BAND_CENTS, REST_SECONDS_RANGE, type LongToneSetup } from '../setups';

/** One in-tune band range for every exercise (SetupControls). */
export const EXERCISE_IN_TUNE_CENTS_RANGE = IN_TUNE_BAND_RANGE;
export {
  DEFAULT_LONG_TONE_SETUP,
  LONG_TONES_DEFAULT_BAND_CENTS,
  REST_SECONDS_RANGE,
  type LongToneSetup,
} from '../setups';

export function notesFor(setup: LongToneSetup, spelling: Spelling): ScaleNote[] {
  switch (setup.pattern) {
    case 'pyramid':
      return longTonePyramidOutward({ spelling });
    case 'chromatic':
      return chromaticRun({ spelling });
    case 'pedal':
      return [...PEDAL_TONES];
    case 'single':
      return [chartNote(setup.noteMidi, spelling)];
  }
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
  const rest = REST_SECONDS_RANGE;
  if (!(setup.restSeconds >= rest.min && setup.restSeconds <= rest.max)) {
    return `Rest must be ${rest.min}–${rest.max} seconds.`;
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
  /** The setup differs from the defaults: offer to go back to them. */
  onReset?: () => void;
}) {
  const { setup, onChange } = props;
  const { spelling } = useSettings();
  return (
    <section className="exercise-setup" aria-label="Long tones setup">
      <h2>Long tones</h2>
      <p>
        Hold each note for the chosen time, as steady and centred as you can, then rest: a breath
        timer counts the rest down. Each hold starts when you start the target note; another note is
        named, not held. Scored on time in tune, centre, steadiness and drift.
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
          {(['pyramid', 'chromatic', 'pedal'] as const).map((pattern) => (
            <option key={pattern} value={pattern}>
              {patternLabel(pattern, setup.noteMidi, spelling)}
            </option>
          ))}
          <option value="single">One note</option>
        </select>
      </label>
      {setup.pattern === 'pedal' && <PedalListening />}
      {setup.pattern === 'single' && (
        <WrittenNoteSelect
          testId="lt-note"
          midi={setup.noteMidi}
          onChange={(midi) => onChange({ ...setup, noteMidi: midi })}
        />
      )}
      <label>
        Hold each note (s){' '}
        <input
          data-testid="lt-hold"
          type="number"
          min={HOLD_SECONDS_RANGE.min}
          max={HOLD_SECONDS_RANGE.max}
          value={setup.holdSeconds}
          onChange={(e) => onChange({ ...setup, holdSeconds: Number(e.target.value) })}
        />
      </label>
      <IonInput
        data-testid="lt-rest"
        type="number"
        inputmode="numeric"
        min={REST_SECONDS_RANGE.min}
        max={REST_SECONDS_RANGE.max}
        label="Rest between notes (s)"
        labelPlacement="start"
        fill="outline"
        helperText="Rest as long as you play (0 = no rest)."
        value={setup.restSeconds}
        onIonInput={(e) => onChange({ ...setup, restSeconds: Number(e.detail.value) })}
      />
      <BandSetting
        testId="lt-band"
        cents={setup.inTuneCents}
        defaultCents={LONG_TONES_DEFAULT_BAND_CENTS}
        onChange={(inTuneCents) => onChange({ ...setup, inTuneCents })}
      />
      <label>
        <input
          type="checkbox"
          checked={setup.drone}
          onChange={(e) => onChange({ ...setup, drone: e.target.checked })}
        />{' '}
        Drone on the target note (no headphones needed)
      </label>
      <SetupActions
        error={props.error}
        goTestId="lt-start"
        goLabel="Start"
        onGo={props.onStart}
        onBack={props.onExit}
        onReset={props.onReset}
      />
    </section>
  );
}

/**
 * Pedal tones sound below the engine's usual floor (140 Hz): the tuner's pedal-tone setting lowers
 * it. Offered here so the player need not hunt for it in the settings.
 */
function PedalListening() {
  const store = getSettingsStore();
  const { pedalTones } = useSettings(store);
  if (pedalTones) {
    return (
      <p className="hint">Pedal-tone listening is on (Settings): notes down to F♯2 are heard.</p>
    );
  }
  return (
    <p className="notice" role="status" data-testid="pedal-listening">
      Pedal tones are below what the app listens for by default: this exercise listens for them
      while it runs.{' '}
      <button
        type="button"
        className="link-button"
        data-testid="pedal-listening-on"
        onClick={() => store.update({ pedalTones: true })}
      >
        Keep pedal listening on
      </button>{' '}
      (for the tuner too; off again in Settings).
    </p>
  );
}
