import { useId, useSyncExternalStore } from 'react';
import {
  INSTRUMENTS,
  type InstrumentId,
  SPELLING_LABELS,
  SPELLINGS,
  type Spelling,
} from '../music';
import {
  A4_HZ_RANGE,
  CENTS_PRECISIONS,
  DAMPING_LEVELS,
  type CentsPrecision,
  type Damping,
  type Settings,
  type SettingsStore,
} from '../settings';

const DAMPING_LABELS: Record<Damping, string> = {
  none: 'None: follows every reading',
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy: sits still on vibrato',
};

const PRECISION_LABELS: Record<CentsPrecision, string> = {
  whole: 'Whole cents',
  'tenths-when-steady': 'Tenths when the note is steady',
};

const BANDS = [2, 3, 5, 10, 15];

/**
 * Instrument (transposition), note names, reference A4, in-tune band, needle damping, cents
 * precision, response mode and pedal tones. Native controls: they
 * are keyboard- and screen-reader-friendly everywhere and testable without overlays.
 */
export function TunerSettingsPanel(props: { settings: Readonly<Settings>; store: SettingsStore }) {
  const { settings, store } = props;
  // Unique per instance: the tuner page and the settings screen can both be mounted.
  const a4LabelId = useId();
  const saveProblem = useSyncExternalStore(
    store.saveProblem.subscribe,
    store.saveProblem.get,
    store.saveProblem.get,
  );
  const setA4 = (hz: number) => {
    if (!Number.isFinite(hz)) return;
    store.update({ a4Hz: Math.min(A4_HZ_RANGE.max, Math.max(A4_HZ_RANGE.min, Math.round(hz))) });
  };
  // The running stream follows through `wireAnalysisMode` (src/app/analysis-mode.ts), synchronously
  // inside this click, so a new audio context may start straight away.
  const setFast = (fastResponse: boolean) => store.update({ fastResponse });
  return (
    <section className="tuner-settings" aria-label="Tuner settings">
      {saveProblem && (
        <p role="alert" className="error" data-testid="settings-save-problem">
          {saveProblem}
        </p>
      )}
      <label className="tuner-field">
        <span>Instrument</span>
        <select
          data-testid="transposition"
          value={settings.transposition}
          onChange={(event) => store.update({ transposition: event.target.value as InstrumentId })}
        >
          {INSTRUMENTS.map((instrument) => (
            <option key={instrument.id} value={instrument.id}>
              {instrument.id === 'concert' ? 'Concert pitch' : instrument.name}
            </option>
          ))}
        </select>
      </label>
      <label className="tuner-field">
        <span>Note names</span>
        <select
          data-testid="spelling"
          value={settings.spelling}
          onChange={(event) => store.update({ spelling: event.target.value as Spelling })}
        >
          {SPELLINGS.map((spelling) => (
            <option key={spelling} value={spelling}>
              {SPELLING_LABELS[spelling]}
            </option>
          ))}
        </select>
      </label>
      <div className="tuner-field">
        <span id={a4LabelId}>Reference A4</span>
        <span className="tuner-stepper">
          <button
            type="button"
            className="tuner-button"
            aria-label="Lower A4 by 1 Hz"
            disabled={settings.a4Hz <= A4_HZ_RANGE.min}
            onClick={() => setA4(settings.a4Hz - 1)}
          >
            −
          </button>
          <input
            data-testid="a4-hz"
            aria-labelledby={a4LabelId}
            type="number"
            inputMode="numeric"
            min={A4_HZ_RANGE.min}
            max={A4_HZ_RANGE.max}
            step={1}
            key={settings.a4Hz}
            defaultValue={settings.a4Hz}
            onBlur={(event) => setA4(Number(event.target.value))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setA4(Number(event.currentTarget.value));
            }}
          />
          <span aria-hidden="true">Hz</span>
          <button
            type="button"
            className="tuner-button"
            aria-label="Raise A4 by 1 Hz"
            disabled={settings.a4Hz >= A4_HZ_RANGE.max}
            onClick={() => setA4(settings.a4Hz + 1)}
          >
            +
          </button>
        </span>
      </div>
      <label className="tuner-field">
        <span>In-tune band</span>
        <select
          data-testid="in-tune-band"
          value={settings.inTuneCents}
          onChange={(event) => store.update({ inTuneCents: Number(event.target.value) })}
        >
          {BANDS.map((cents) => (
            <option key={cents} value={cents}>
              ±{cents} cents
            </option>
          ))}
        </select>
      </label>
      <label className="tuner-field">
        <span>Needle damping</span>
        <select
          data-testid="damping"
          value={settings.damping}
          onChange={(event) => store.update({ damping: event.target.value as Damping })}
        >
          {DAMPING_LEVELS.map((level) => (
            <option key={level} value={level}>
              {DAMPING_LABELS[level]}
            </option>
          ))}
        </select>
      </label>
      <label className="tuner-field">
        <span>Cents shown</span>
        <select
          data-testid="cents-precision"
          value={settings.centsPrecision}
          onChange={(event) =>
            store.update({ centsPrecision: event.target.value as CentsPrecision })
          }
        >
          {CENTS_PRECISIONS.map((precision) => (
            <option key={precision} value={precision}>
              {PRECISION_LABELS[precision]}
            </option>
          ))}
        </select>
      </label>
      <label className="tuner-field tuner-field--inline">
        <input
          data-testid="fast-response"
          type="checkbox"
          checked={settings.fastResponse}
          onChange={(event) => setFast(event.target.checked)}
        />
        <span>
          Fast response (short windows analysed about 170 times a second; uses more battery)
        </span>
      </label>
      <label className="tuner-field tuner-field--inline">
        <input
          data-testid="pedal-tones"
          type="checkbox"
          checked={settings.pedalTones}
          onChange={(event) => store.update({ pedalTones: event.target.checked })}
        />
        <span>
          Pedal tones (read down to written F♯2; off, notes below 140 Hz read as no pitch)
        </span>
      </label>
    </section>
  );
}
