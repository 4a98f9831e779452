/** Id of the shared green→yellow→red gradient: `fill={`url(#${PITCH_GRADIENT_ID})`}`. */
export const PITCH_GRADIENT_ID = 'pitch-gradient';

/**
 * Defined once at the root so every tuner drawing can reference it. A zero-size, absolutely
 * positioned SVG: takes no layout space, shows nothing, and is hidden from screen readers.
 * Horizontal (x1→x2) from green (in tune) through yellow to red (far off).
 */
export function PitchGradientDefs() {
  return (
    <svg
      width="0"
      height="0"
      aria-hidden="true"
      focusable="false"
      style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}
    >
      <defs>
        <linearGradient id={PITCH_GRADIENT_ID} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0%" stopColor="#2dd36f" />
          <stop offset="50%" stopColor="#ffc409" />
          <stop offset="100%" stopColor="#eb445a" />
        </linearGradient>
      </defs>
    </svg>
  );
}
