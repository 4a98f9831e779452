import type { ReactNode } from 'react';
import type { GapBars, MetronomeConfig, SpeedTrainer } from './logic/metronome-source';
import {
  CLEAN_PASSES_IN_A_ROW_RANGE,
  DEFAULT_CLEAN_PASSES_IN_A_ROW,
  type CleanStreak,
} from '../music';

const DEFAULT_GAP: GapBars = { playBars: 2, muteBars: 2 };

/** A number field of at least 44 px that ignores what is not a whole number in range. */
function Count(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  testId: string;
  onChange: (value: number) => void;
}) {
  return (
    <label className="metronome__field metronome__field--count">
      <span>{props.label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={props.value}
        data-testid={props.testId}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (Number.isInteger(value) && value >= props.min && value <= props.max) {
            props.onChange(value);
          }
        }}
      />
    </label>
  );
}

/**
 * The metronome's drills: the speed trainer (start → target, +N bpm every M bars, or one step
 * after N clean passes in a row: exercises and pieces report every judged pass, and this screen
 * offers the button for a pass judged by ear) and
 * gap bars (play N bars, mute M: the player keeps time alone, the drift is measured).
 */
export function MetronomeDrills(props: {
  config: MetronomeConfig;
  playing: boolean;
  onChange: (patch: Partial<MetronomeConfig>) => void;
  onCleanPass: () => void;
  /** Clean passes in a row so far toward the next step, while the trainer runs. */
  streak: CleanStreak | null;
}) {
  const { config, onChange } = props;
  const trainer = config.trainer;
  const gap = config.gap;
  const defaultTrainer: SpeedTrainer = {
    startBpm: config.bpm,
    targetBpm: Math.min(300, config.bpm + 20),
    stepBpm: 2,
    everyBars: 4,
    mode: 'bars',
  };
  const setTrainer = (patch: Partial<SpeedTrainer>) => {
    if (!trainer) return;
    const next = { ...trainer, ...patch };
    if (next.targetBpm < next.startBpm) next.targetBpm = next.startBpm;
    onChange({ trainer: next });
  };
  return (
    <div className="metronome__drills">
      <div className="metronome__row">
        <ToggleChip
          on={trainer !== null}
          testId="metronome-trainer"
          onClick={() => onChange({ trainer: trainer ? null : defaultTrainer })}
        >
          Speed trainer
        </ToggleChip>
        <ToggleChip
          on={gap !== null}
          testId="metronome-gap"
          onClick={() => onChange({ gap: gap ? null : DEFAULT_GAP })}
        >
          Gap bars
        </ToggleChip>
      </div>
      {trainer && (
        <fieldset className="metronome__group" data-testid="metronome-trainer-panel">
          <legend>Speed trainer</legend>
          <div className="metronome__row">
            <Count
              label="Start"
              value={trainer.startBpm}
              min={30}
              max={300}
              testId="trainer-start"
              onChange={(startBpm) => setTrainer({ startBpm })}
            />
            <Count
              label="Target"
              value={trainer.targetBpm}
              min={trainer.startBpm}
              max={300}
              testId="trainer-target"
              onChange={(targetBpm) => setTrainer({ targetBpm })}
            />
          </div>
          <div className="metronome__row">
            <Count
              label="+ bpm"
              value={trainer.stepBpm}
              min={1}
              max={50}
              testId="trainer-step"
              onChange={(stepBpm) => setTrainer({ stepBpm })}
            />
            {trainer.mode === 'bars' && (
              <Count
                label="every bars"
                value={trainer.everyBars}
                min={1}
                max={64}
                testId="trainer-every"
                onChange={(everyBars) => setTrainer({ everyBars })}
              />
            )}
          </div>
          <div className="metronome__row" role="group" aria-label="Raise the tempo">
            {(['bars', 'clean-pass'] as const).map((mode) => (
              <ToggleChip
                key={mode}
                on={trainer.mode === mode}
                testId={`trainer-mode-${mode}`}
                onClick={() => setTrainer({ mode })}
              >
                {mode === 'bars' ? 'Every few bars' : 'After clean passes'}
              </ToggleChip>
            ))}
          </div>
          {trainer.mode === 'clean-pass' && (
            <Count
              label="clean in a row"
              value={trainer.cleanPassesInARow ?? DEFAULT_CLEAN_PASSES_IN_A_ROW}
              min={CLEAN_PASSES_IN_A_ROW_RANGE.min}
              max={CLEAN_PASSES_IN_A_ROW_RANGE.max}
              testId="trainer-clean-in-a-row"
              onChange={(cleanPassesInARow) => setTrainer({ cleanPassesInARow })}
            />
          )}
          {trainer.mode === 'clean-pass' && props.streak && (
            <p className="metronome__note" data-testid="trainer-streak" aria-live="polite">
              Clean passes: {props.streak.inARow} of {props.streak.needed} before +{trainer.stepBpm}{' '}
              bpm (a pass that is not clean starts again)
            </p>
          )}
          {trainer.mode === 'clean-pass' && (
            <button
              type="button"
              className="metronome__chip"
              data-testid="trainer-clean-pass"
              disabled={!props.playing}
              onClick={props.onCleanPass}
            >
              That was clean: +{trainer.stepBpm}
            </button>
          )}
        </fieldset>
      )}
      {gap && (
        <fieldset className="metronome__group" data-testid="metronome-gap-panel">
          <legend>Gap bars</legend>
          <div className="metronome__row">
            <Count
              label="Play bars"
              value={gap.playBars}
              min={1}
              max={64}
              testId="gap-play"
              onChange={(playBars) => onChange({ gap: { ...gap, playBars } })}
            />
            <Count
              label="Mute bars"
              value={gap.muteBars}
              min={1}
              max={64}
              testId="gap-mute"
              onChange={(muteBars) => onChange({ gap: { ...gap, muteBars } })}
            />
          </div>
        </fieldset>
      )}
    </div>
  );
}

/** A chip that is on or off (aria-pressed), coloured when on. */
function ToggleChip(props: {
  on: boolean;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.on ? 'metronome__chip metronome__chip--on' : 'metronome__chip'}
      aria-pressed={props.on}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
