import {
  alternateUseLabel,
  fingeringFor,
  valveComboLabel,
  valvesOf,
  type FourthValveFingering,
} from '../music';

const VALVES = [1, 2, 3] as const;
const PICCOLO_VALVES = [1, 2, 3, 4] as const;

function Valves(props: {
  down: readonly number[];
  size: 'large' | 'small';
  /** Draw a 4th valve (the piccolo's). */
  fourth?: boolean;
}) {
  return (
    <span className={`tuner-valves tuner-valves--${props.size}`} aria-hidden="true">
      {(props.fourth ? PICCOLO_VALVES : VALVES).map((valve) => (
        <span key={valve} className={props.down.includes(valve) ? 'valve valve--down' : 'valve'}>
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
  /** The piccolo's 4th-valve fingering for this note, shown first (issue 22 (a)). */
  fourthValve?: FourthValveFingering | null;
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
    <div
      className="tuner-fingering"
      data-testid="tuner-fingering"
      data-valves={props.fourthValve ? props.fourthValve.valves.join('') : fingering.primary}
    >
      <span className="tuner-fingering__title">
        {props.instrumentLabel ? `${props.instrumentLabel} fingering` : 'Fingering'} for written{' '}
        {props.noteLabel}
      </span>
      <span className="tuner-fingering__primary">
        {props.fourthValve ? (
          <>
            <Valves down={props.fourthValve.valves} size="large" fourth />
            <span className="tuner-fingering__label">{props.fourthValve.label}</span>
          </>
        ) : (
          <>
            <Valves down={valvesOf(fingering.primary)} size="large" />
            <span className="tuner-fingering__label">{valveComboLabel(fingering.primary)}</span>
          </>
        )}
      </span>
      {props.fourthValve && (
        <span className="tuner-fingering__alternates" data-testid="tuner-fingering-three-valve">
          Without the 4th valve: <Valves down={valvesOf(fingering.primary)} size="small" />
          {valveComboLabel(fingering.primary)} (3rd slide out)
        </span>
      )}
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
                <Valves down={valvesOf(combo)} size="small" />
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
