import {
  alternateUseLabel,
  fingeringFor,
  valveComboLabel,
  valvesOf,
  type ValveCombo,
} from '../music';

const VALVES = [1, 2, 3] as const;

function Valves(props: { combo: ValveCombo; size: 'large' | 'small' }) {
  const down = valvesOf(props.combo);
  return (
    <span className={`valves valves--${props.size}`} aria-hidden="true">
      {VALVES.map((valve) => (
        <span key={valve} className={down.includes(valve) ? 'valve valve--down' : 'valve'}>
          {valve}
        </span>
      ))}
    </span>
  );
}

/**
 * Trumpet fingering for the written note: the three valves (pressed ones filled and labelled, so
 * colour is not the only cue) and the common alternates from the chart.
 */
export function FingeringView(props: {
  writtenMidi: number | null;
  noteLabel: string;
  /** "B♭ trumpet" when the fingering is that instrument's, not the shown note's (concert pitch). */
  instrumentLabel?: string | null;
}) {
  const { writtenMidi } = props;
  if (writtenMidi === null) {
    return (
      <div className="tuner-fingering tuner-fingering--idle" data-testid="tuner-fingering">
        <span className="tuner-fingering__title">Fingering</span>
        <span>Play a note to see its fingering.</span>
      </div>
    );
  }
  const fingering = fingeringFor(writtenMidi);
  if (!fingering.hasFingering) {
    const why =
      fingering.reason === 'false-tone'
        ? 'a false tone (between the pedal tones and the regular range)'
        : fingering.reason === 'above-range'
          ? 'above the fingering chart'
          : 'below the pedal range';
    return (
      <div className="tuner-fingering" data-testid="tuner-fingering" data-valves="">
        <span className="tuner-fingering__title">Fingering</span>
        <span>
          {props.noteLabel} is {why}.
        </span>
      </div>
    );
  }
  return (
    <div className="tuner-fingering" data-testid="tuner-fingering" data-valves={fingering.primary}>
      <span className="tuner-fingering__title">
        {props.instrumentLabel ? `${props.instrumentLabel} fingering` : 'Fingering'} for written{' '}
        {props.noteLabel}
      </span>
      <span className="tuner-fingering__primary">
        <Valves combo={fingering.primary} size="large" />
        <span className="tuner-fingering__label">{valveComboLabel(fingering.primary)}</span>
      </span>
      {fingering.alternates.length > 0 && (
        <span className="tuner-fingering__alternates">
          Also:{' '}
          {fingering.alternates.map((combo) => {
            // trumpet.md: trill and 7th-partial fingerings are never an intonation fix.
            const use = alternateUseLabel(fingering.alternateUses[combo] ?? null);
            return (
              <span
                key={combo}
                className="tuner-fingering__alternate"
                data-use={fingering.alternateUses[combo] ?? ''}
              >
                <Valves combo={combo} size="small" />
                {valveComboLabel(combo)}
                {use && <span className="tuner-fingering__use"> ({use})</span>}
              </span>
            );
          })}
        </span>
      )}
    </div>
  );
}
