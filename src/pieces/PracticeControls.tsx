import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState } from 'react';
import { trainerPlan } from './trainer-plan';
import {
  CLEAN_PASSES_IN_A_ROW_RANGE,
  IN_TUNE_BAND_RANGE,
  MOVING_NOTES_BAND_CENTS,
  inTuneBandProblem,
} from '../music';
import {
  TEMPO_PERCENT_RANGE,
  TRAINER_STEP_PERCENT,
  type PracticeMode,
  type PracticeSettings,
} from './piece-types';

const clamp = (v: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(v)));

/** How to practise a piece: follow or click, tempo %, a loop over bars, the tempo trainer. */
export function PracticeControls(props: {
  practice: PracticeSettings;
  bars: number;
  markedQpm: number;
  onChange: (practice: PracticeSettings) => void;
  /** A drone on the key's tonic while playing. */
  drone: { on: boolean; tonic: string; onChange: (on: boolean) => void };
}) {
  const { practice, bars, markedQpm, onChange } = props;
  const set = (change: Partial<PracticeSettings>): void => onChange({ ...practice, ...change });
  const loop = practice.loop;
  const tempo = Math.round((markedQpm * practice.tempoPercent) / 100);
  const band = practice.bandCents ?? MOVING_NOTES_BAND_CENTS;
  // What the player typed, while it is not a band that can be used (then said why, not clamped).
  const [bandDraft, setBandDraft] = useState<string | null>(null);
  const bandError = bandDraft === null ? null : inTuneBandProblem(Number(bandDraft));
  return (
    <section className="practice-controls" data-testid="practice-controls">
      <IonSegment
        value={practice.mode}
        onIonChange={(e) => set({ mode: (e.detail.value as PracticeMode) ?? 'follow' })}
        data-testid="practice-mode"
      >
        <IonSegmentButton value="follow" data-testid="mode-follow">
          <IonLabel>Follow me</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="click" data-testid="mode-click">
          <IonLabel>With click</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      <p className="control-help">
        {practice.mode === 'follow'
          ? 'No metronome: the cursor follows you, through rubato, stops and restarts.'
          : `A one-bar count-in, then the click at ♩ = ${tempo}; timing is judged against it.`}
      </p>
      <label className="control-row">
        <span>Tempo (% of ♩ = {markedQpm})</span>
        <input
          type="number"
          inputMode="numeric"
          min={TEMPO_PERCENT_RANGE.min}
          max={TEMPO_PERCENT_RANGE.max}
          step={5}
          value={practice.tempoPercent}
          data-testid="tempo-percent"
          onChange={(e) =>
            set({
              tempoPercent: clamp(
                Number(e.target.value) || 100,
                TEMPO_PERCENT_RANGE.min,
                TEMPO_PERCENT_RANGE.max,
              ),
            })
          }
        />
      </label>
      <label className="control-row">
        <span>Loop bars</span>
        <input
          type="checkbox"
          checked={loop !== null}
          data-testid="loop-toggle"
          onChange={(e) =>
            set({ loop: e.target.checked ? { fromBar: 1, toBar: Math.min(bars, 4) } : null })
          }
        />
      </label>
      {loop && (
        <div className="control-row loop-bars">
          <label>
            from{' '}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={bars}
              value={loop.fromBar}
              data-testid="loop-from"
              onChange={(e) => {
                const fromBar = clamp(Number(e.target.value) || 1, 1, bars);
                set({ loop: { fromBar, toBar: Math.max(fromBar, loop.toBar) } });
              }}
            />
          </label>
          <label>
            to{' '}
            <input
              type="number"
              inputMode="numeric"
              min={loop.fromBar}
              max={bars}
              value={loop.toBar}
              data-testid="loop-to"
              onChange={(e) =>
                set({
                  loop: {
                    fromBar: loop.fromBar,
                    toBar: clamp(Number(e.target.value) || loop.fromBar, loop.fromBar, bars),
                  },
                })
              }
            />
          </label>
        </div>
      )}
      <label className="control-row">
        <span>Drone on the tonic ({props.drone.tonic})</span>
        <input
          type="checkbox"
          checked={props.drone.on}
          data-testid="drone-toggle"
          onChange={(e) => props.drone.onChange(e.target.checked)}
        />
      </label>
      <label className="control-row">
        <span>In-tune band ± (¢), default ±{MOVING_NOTES_BAND_CENTS} as for scales</span>
        <input
          type="number"
          inputMode="numeric"
          min={IN_TUNE_BAND_RANGE.min}
          max={IN_TUNE_BAND_RANGE.max}
          value={bandDraft ?? band}
          data-testid="piece-band"
          onChange={(e) => {
            const cents = Number(e.target.value);
            if (e.target.value !== '' && inTuneBandProblem(cents) === null) {
              setBandDraft(null);
              set({ bandCents: cents });
            } else {
              setBandDraft(e.target.value);
            }
          }}
        />
      </label>
      {bandError && (
        <p className="control-help" role="alert" data-testid="piece-band-error">
          {bandError} The piece is graded at ±{band} ¢ until then.
        </p>
      )}
      <label className="control-row">
        <span>Vibrato allowance (lyrical music): a regular vibrato is not flat or wavering</span>
        <input
          type="checkbox"
          checked={practice.vibrato === true}
          data-testid="vibrato-toggle"
          onChange={(e) => set({ vibrato: e.target.checked })}
        />
      </label>
      <label className="control-row">
        <span>
          Tempo trainer: +{TRAINER_STEP_PERCENT} % after {practice.cleanPassesInARow} clean{' '}
          {practice.cleanPassesInARow === 1 ? 'pass' : 'passes in a row'} (up to 100 %)
        </span>
        <input
          type="checkbox"
          checked={practice.trainer}
          data-testid="trainer-toggle"
          onChange={(e) =>
            set(
              e.target.checked
                ? // From the tempo set here (a teacher's 80 % stays 80 %: W5); it loops to count
                  // its passes, so the whole piece when no bars are set (said below).
                  { trainer: true, loop: loop ?? { fromBar: 1, toBar: bars } }
                : { trainer: false },
            )
          }
        />
      </label>
      {practice.trainer && (
        <p className="control-help" data-testid="trainer-plan">
          {trainerPlan(practice, bars)}
        </p>
      )}
      {practice.trainer && (
        <label className="control-row">
          <span>Clean passes in a row before the tempo rises</span>
          <input
            type="number"
            inputMode="numeric"
            min={CLEAN_PASSES_IN_A_ROW_RANGE.min}
            max={CLEAN_PASSES_IN_A_ROW_RANGE.max}
            value={practice.cleanPassesInARow}
            data-testid="trainer-clean-in-a-row"
            onChange={(e) =>
              set({
                cleanPassesInARow: clamp(
                  Math.round(Number(e.target.value)) || practice.cleanPassesInARow,
                  CLEAN_PASSES_IN_A_ROW_RANGE.min,
                  CLEAN_PASSES_IN_A_ROW_RANGE.max,
                ),
              })
            }
          />
        </label>
      )}
    </section>
  );
}
