import { IonInput, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { inTuneBandProblem, noteName, REGULAR_RANGE_WRITTEN_MIDI } from '../music';
import { useSettings } from '../settings';
import { BackButton } from './BackButton';
import { IN_TUNE_BAND_RANGE } from './setups';

export { IN_TUNE_BAND_RANGE } from './setups';

/** The problem with a band (the message shown), or null: the one rule, in src/music. */
export const bandProblem = inTuneBandProblem;

/**
 * The one in-tune band setting, with this exercise's default shown and what it does said where it
 * is set: inside the band a note gets full marks for pitch, outside it loses them gradually.
 */
export function BandSetting(props: {
  testId: string;
  cents: number;
  defaultCents: number;
  onChange: (cents: number) => void;
}) {
  const { min, max } = IN_TUNE_BAND_RANGE;
  return (
    <div className="band-setting">
      <IonInput
        data-testid={props.testId}
        type="number"
        inputmode="numeric"
        min={min}
        max={max}
        label="In-tune band ± (¢)"
        labelPlacement="start"
        fill="outline"
        value={props.cents}
        onIonInput={(e) => props.onChange(Number(e.detail.value))}
      />
      <small>
        Within ±{props.cents} ¢ a note gets full marks for pitch; further off it loses them
        gradually (none at 50 ¢). Default here: ±{props.defaultCents} ¢.
        {props.cents !== props.defaultCents && (
          <>
            {' '}
            <button
              type="button"
              className="link-button"
              onClick={() => props.onChange(props.defaultCents)}
            >
              Use ±{props.defaultCents} ¢
            </button>
          </>
        )}
      </small>
    </div>
  );
}

/** A choice of a few options as one row of segment buttons (each ≥ 44 px high). */
export function ChoiceSegment<T extends string>(props: {
  testId: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="choice-segment">
      <span id={`${props.testId}-label`}>{props.label}</span>
      <IonSegment
        data-testid={props.testId}
        aria-labelledby={`${props.testId}-label`}
        value={props.value}
        onIonChange={(e) => {
          const value = props.options.find(([v]) => v === e.detail.value)?.[0];
          if (value !== undefined) props.onChange(value);
        }}
      >
        {props.options.map(([value, text]) => (
          <IonSegmentButton key={value} value={value} data-testid={`${props.testId}-${value}`}>
            <IonLabel>{text}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
    </div>
  );
}

/**
 * The end of every exercise setup: the setup's problem (if any), then its go button (Continue, or
 * `goLabel`) and Back (when there is somewhere to go back to); with `onReset`, a way back to the
 * defaults (setups are remembered, setup-memory.ts).
 */
export function SetupActions(props: {
  error: string | null;
  goTestId: string;
  goLabel?: string;
  onGo: () => void;
  onBack?: () => void;
  onReset?: () => void;
}) {
  return (
    <>
      {props.onReset && <ResetSetup onReset={props.onReset} />}
      {props.error && (
        <p role="alert" className="error">
          {props.error}
        </p>
      )}
      <div className="buttons">
        <button type="button" data-testid={props.goTestId} onClick={props.onGo}>
          {props.goLabel ?? 'Continue'}
        </button>
        {props.onBack && <BackButton onClick={props.onBack} />}
      </div>
    </>
  );
}

/** Every written note of the regular range (issue 22), low to high. */
const REGULAR_NOTES: readonly number[] = Array.from(
  { length: REGULAR_RANGE_WRITTEN_MIDI.high - REGULAR_RANGE_WRITTEN_MIDI.low + 1 },
  (_, i) => REGULAR_RANGE_WRITTEN_MIDI.low + i,
);

/** A written note of the regular range, named in the player's spelling. */
export function WrittenNoteSelect(props: {
  testId: string;
  midi: number;
  onChange: (midi: number) => void;
}) {
  const { spelling } = useSettings();
  return (
    <label>
      Note{' '}
      <select
        data-testid={props.testId}
        value={props.midi}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {REGULAR_NOTES.map((m) => (
          <option key={m} value={m}>
            {noteName(m, { spelling })}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Setups are remembered (setup-memory.ts): when the one shown is not the defaults, a way back to
 * them. Not a faded hint: the link keeps its full contrast.
 */
export function ResetSetup(props: { onReset: () => void }) {
  return (
    <p className="setup-remembered" data-testid="setup-remembered">
      Not the default setup (this app remembers your last one).{' '}
      <button
        type="button"
        className="link-button"
        data-testid="setup-reset"
        onClick={props.onReset}
      >
        Reset to defaults
      </button>
    </p>
  );
}
