import { DRONE_OCTAVES, type DroneOctave, type DroneOptions } from './drone-options';
import type { DroneTimbre } from '../audio/output/drone-voices';

const OCTAVE_LABELS: Readonly<Record<DroneOctave, { text: string; aria: string }>> = {
  [-1]: { text: '8vb', aria: 'One octave down' },
  0: { text: 'As set', aria: 'At the root as set' },
  1: { text: '8va', aria: 'One octave up' },
};
const TIMBRE_LABELS: Readonly<Record<DroneTimbre, string>> = { sine: 'Pure', brass: 'Brass' };

/** The drone's volume, octave and timbre (issue 23 row 8); every control ≥ 44 px tall. */
export function DroneSoundControls(props: {
  options: DroneOptions;
  onChange: (change: Partial<DroneOptions>) => void;
}) {
  const { options, onChange } = props;
  const chip = (pressed: boolean) => (pressed ? 'drone-chip drone-chip--on' : 'drone-chip');
  return (
    <>
      <label className="drone-panel__volume">
        <span>Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={options.volumePercent}
          data-testid="drone-volume"
          onChange={(event) => onChange({ volumePercent: Number(event.target.value) })}
        />
        <span className="drone-panel__volume-value">{options.volumePercent} %</span>
      </label>
      <div className="drone-panel__row" role="group" aria-label="Drone octave">
        <span className="drone-panel__label">Octave</span>
        {DRONE_OCTAVES.map((octave) => (
          <button
            key={octave}
            type="button"
            aria-pressed={options.octave === octave}
            aria-label={OCTAVE_LABELS[octave].aria}
            className={chip(options.octave === octave)}
            data-testid={`drone-octave-${octave}`}
            onClick={() => onChange({ octave })}
          >
            {OCTAVE_LABELS[octave].text}
          </button>
        ))}
      </div>
      <div className="drone-panel__row" role="group" aria-label="Drone sound">
        <span className="drone-panel__label">Sound</span>
        {(['sine', 'brass'] as const).map((timbre) => (
          <button
            key={timbre}
            type="button"
            aria-pressed={options.timbre === timbre}
            className={chip(options.timbre === timbre)}
            data-testid={`drone-timbre-${timbre}`}
            onClick={() => onChange({ timbre })}
          >
            {TIMBRE_LABELS[timbre]}
          </button>
        ))}
      </div>
    </>
  );
}
