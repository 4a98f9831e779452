import {
  alternateUseLabel,
  valvesOf,
  valveComboLabel,
  type AlternateUse,
  type ValveCombo,
} from '../music';

/**
 * Three valve buttons seen from above, pressed ones filled, plus the alternates as text; trill
 * and 7th-partial alternates say so (trumpet.md: never an intonation fix).
 */
export function ValveDiagram(props: {
  primary: ValveCombo;
  alternates: readonly ValveCombo[];
  uses?: Readonly<Partial<Record<ValveCombo, AlternateUse>>>;
}) {
  const pressed = new Set(valvesOf(props.primary));
  const alternate = (combo: ValveCombo): string => {
    const use = alternateUseLabel(props.uses?.[combo] ?? null);
    return use ? `${valveComboLabel(combo)} ${use}` : valveComboLabel(combo);
  };
  const label = `Fingering ${valveComboLabel(props.primary)}${
    props.alternates.length ? `; alternates ${props.alternates.map(alternate).join(', ')}` : ''
  }`;
  return (
    <div className="valves" aria-label={label} data-testid="fingering">
      <svg viewBox="0 0 120 44" width="120" height="44" aria-hidden="true">
        {[1, 2, 3].map((valve, i) => (
          <g key={valve}>
            <circle
              cx={20 + i * 40}
              cy={20}
              r={15}
              fill={pressed.has(valve as 1 | 2 | 3) ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth={2.5}
            />
            <text x={20 + i * 40} y={42} fontSize={9} textAnchor="middle" fill="currentColor">
              {valve}
            </text>
          </g>
        ))}
      </svg>
      <div className="valves-text">
        <strong>{valveComboLabel(props.primary)}</strong>
        {props.alternates.length > 0 && (
          <span> (alt. {props.alternates.map(alternate).join(', ')})</span>
        )}
      </div>
    </div>
  );
}
