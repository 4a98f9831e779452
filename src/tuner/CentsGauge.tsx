import { useEffect, useRef } from 'react';
import { PITCH_GRADIENT_ID } from '../shared-ui/PitchGradientDefs';
import type { CentsMotion } from './use-tuner-display';

const CX = 100;
const CY = 108;
const R = 88;
/** Full scale of the gauge, cents each side. */
export const GAUGE_RANGE_CENTS = 50;

function point(cents: number, radius: number): [number, number] {
  const angle = (cents / GAUGE_RANGE_CENTS) * (Math.PI / 2);
  return [CX + radius * Math.sin(angle), CY - radius * Math.cos(angle)];
}

function arc(fromCents: number, toCents: number, radius: number): string {
  const [x0, y0] = point(fromCents, radius);
  const [x1, y1] = point(toCents, radius);
  return `M ${x0.toFixed(2)} ${y0.toFixed(2)} A ${radius} ${radius} 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)}`;
}

const TICKS = [-50, -40, -30, -20, -10, 0, 10, 20, 30, 40, 50];

/** Needle angle for a reading: clamped to ±50 ¢; with no signal it rests at the left stop. */
export function needleDegrees(cents: number | null): number {
  // Resting in the green would read as "in tune" at a glance.
  const shown =
    cents === null
      ? -GAUGE_RANGE_CENTS
      : Math.max(-GAUGE_RANGE_CENTS, Math.min(GAUGE_RANGE_CENTS, cents));
  return (shown / GAUGE_RANGE_CENTS) * 90;
}

const needleTransform = (cents: number | null): string =>
  `rotate(${needleDegrees(cents).toFixed(2)}deg)`;

/**
 * Cents deviation as a needle over a semicircular arc drawn with the root shell's
 * green→yellow→red gradient: each half is the same arc (centre → edge), the left one mirrored,
 * so the colour always goes from green at 0 ¢ to red at ±50 ¢. The in-tune band is outlined.
 * Decorative for screen readers: the reading's text says the same.
 */
export function CentsGauge(props: {
  cents: number | null;
  inTuneCents: number;
  /** When given, the needle follows it frame by frame (smooth, never behind the text). */
  motion?: CentsMotion;
}) {
  const { cents, inTuneCents, motion } = props;
  const needleRef = useRef<SVGGElement>(null);
  useEffect(() => {
    const needle = needleRef.current;
    if (!motion || !needle) return;
    const place = (value: number | null): void => {
      needle.style.transform = needleTransform(value);
      needle.classList.toggle('cents-gauge__needle--idle', value === null);
    };
    place(motion.current());
    return motion.onFrame(place);
  }, [motion]);
  const halfArc = arc(0, GAUGE_RANGE_CENTS, R);
  return (
    <svg className="cents-gauge" viewBox="0 0 200 122" aria-hidden="true" focusable="false">
      <path d={halfArc} className="cents-gauge__arc" stroke={`url(#${PITCH_GRADIENT_ID})`} />
      <path
        d={halfArc}
        className="cents-gauge__arc"
        stroke={`url(#${PITCH_GRADIENT_ID})`}
        transform={`translate(${2 * CX} 0) scale(-1 1)`}
      />
      <path d={arc(-inTuneCents, inTuneCents, R)} className="cents-gauge__band" />
      {TICKS.map((tick) => {
        const [x0, y0] = point(tick, R - 12);
        const [x1, y1] = point(tick, R - (tick % 50 === 0 ? 22 : 17));
        return <line key={tick} x1={x0} y1={y0} x2={x1} y2={y1} className="cents-gauge__tick" />;
      })}
      <text x={point(-50, R)[0] + 2} y={CY + 13} className="cents-gauge__label" textAnchor="middle">
        −50
      </text>
      <text x={CX} y={CY - R - 8} className="cents-gauge__label" textAnchor="middle">
        0
      </text>
      <text x={point(50, R)[0] - 2} y={CY + 13} className="cents-gauge__label" textAnchor="middle">
        +50
      </text>
      {/* With `motion` React leaves the needle's transform alone: the frame loop owns it. */}
      <g
        ref={needleRef}
        data-testid="cents-needle"
        className={
          motion
            ? 'cents-gauge__needle cents-gauge__needle--animated'
            : `cents-gauge__needle${cents === null ? ' cents-gauge__needle--idle' : ''}`
        }
        style={{
          ...(motion ? {} : { transform: needleTransform(cents) }),
          transformOrigin: `${CX}px ${CY}px`,
        }}
      >
        <line x1={CX} y1={CY} x2={CX} y2={CY - R + 4} />
        <circle cx={CX} cy={CY} r={6} />
      </g>
    </svg>
  );
}
