/**
 * Pieces the hand-written SVG charts share (the history's and Progress's): the viewBox width and
 * text size, the horizontal grid with its value labels, and the day labels under a daily bar chart.
 * Sized for a phone: 360 units is about a phone's content width, so 12-unit text reads as ~12 px.
 */
export const CHART_W = 360;
export const CHART_FONT = 12;

/** Horizontal grid lines at `values`, each labelled at the left margin. */
export function ChartGrid(props: {
  values: readonly number[];
  left: number;
  right?: number;
  y: (value: number) => number;
  label?: (value: number) => string;
}) {
  const { left, y } = props;
  const right = props.right ?? CHART_W;
  const label = props.label ?? ((v: number) => String(Math.round(v)));
  return props.values.map((v) => (
    <g key={v}>
      <line x1={left} x2={right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.25} />
      <text x={left - 4} y={y(v) + 4} fontSize={CHART_FONT} textAnchor="end" fill="currentColor">
        {label(v)}
      </text>
    </g>
  ));
}

/**
 * The day of the month under every other bar of a daily chart, counted from the last (today is
 * always labelled; 14 labels do not fit a phone's width), and the unit at the left.
 */
export function DayLabels(props: {
  days: readonly { day: string }[];
  left: number;
  barW: number;
  y: number;
  unit: string;
}) {
  const { days, left, barW, y } = props;
  return (
    <>
      {days.map((d, i) =>
        (days.length - 1 - i) % 2 === 0 ? (
          <text
            key={d.day}
            x={left + i * barW + barW / 2}
            y={y}
            fontSize={CHART_FONT}
            textAnchor="middle"
            fill="currentColor"
          >
            {Number(d.day.slice(8))}
          </text>
        ) : null,
      )}
      <text x={0} y={y} fontSize={CHART_FONT} fill="currentColor">
        {props.unit}
      </text>
    </>
  );
}
