import { CHART_FONT as FONT, CHART_W as W, ChartGrid, DayLabels } from '../shared-ui/chart-parts';
import type { DayRow, WeekRange } from './logic/progress';

/**
 * Progress charts, hand-written SVG as the history's (src/history/HistoryCharts.tsx, which says
 * why no chart library: ~5 kB here against 10–50 kB gzip, and the text alternative is ours). The
 * viewBox is about a phone's content width, so 12-unit text reads as ~12 px; every chart has a
 * visually hidden table with its numbers for screen readers.
 */
const SOUND = '#3b82f6';
const REST = '#94a3b8';
const TREND = '#d97706';

export function MinutesChart(props: { days: readonly DayRow[] }) {
  const { days } = props;
  const max = Math.max(
    10,
    Math.ceil(days.reduce((m, d) => Math.max(m, d.soundMin + d.restMin), 0) / 10) * 10,
  );
  const left = 34;
  const top = 8;
  const plotH = 120;
  const barW = (W - left) / days.length;
  const y = (minutes: number) => top + plotH - (minutes / max) * plotH;
  return (
    <figure className="progress-chart">
      <svg
        viewBox={`0 0 ${W} ${top + plotH + 22}`}
        className="chart"
        aria-hidden="true"
        data-testid="minutes-chart"
      >
        <ChartGrid values={[0, max / 2, max]} left={left} y={y} />
        {days.map((d, i) => {
          const soundH = (d.soundMin / max) * plotH;
          const restH = (d.restMin / max) * plotH;
          const x = left + i * barW + 2;
          return (
            <g key={d.day}>
              <rect x={x} y={top + plotH - soundH} width={barW - 4} height={soundH} fill={SOUND} />
              <rect
                x={x}
                y={top + plotH - soundH - restH}
                width={barW - 4}
                height={restH}
                fill={REST}
              />
            </g>
          );
        })}
        <DayLabels days={days} left={left} barW={barW} y={top + plotH + 16} unit="min" />
      </svg>
      <figcaption className="chart-legend">
        <span style={{ color: SOUND }}>■</span> sound on the face{' '}
        <span style={{ color: REST }}>■</span> rest
      </figcaption>
      <HiddenTable
        testId="minutes-table"
        caption={`Minutes per day, last ${days.length} days`}
        head={['Day', 'Sound, min', 'Rest, min', 'Exercises, min']}
        rows={days.map((d) => [d.day, d.soundMin, d.restMin, d.exerciseMin])}
      />
    </figure>
  );
}

/** Highest and lowest note held ≥ 1 s per week, as a bar from low to high, labelled by name. */
export function RangeChart(props: {
  weeks: readonly WeekRange[];
  name: (concertMidi: number) => string;
}) {
  const { weeks, name } = props;
  const played = weeks.filter((w) => w.highMidi !== null && w.lowMidi !== null);
  const lo = Math.min(...played.map((w) => w.lowMidi ?? 127), 60) - 2;
  const hi = Math.max(...played.map((w) => w.highMidi ?? 0), 72) + 2;
  const left = 40;
  const top = 8;
  const plotH = 140;
  const colW = (W - left) / weeks.length;
  const y = (midi: number) => top + plotH - ((midi - lo) / (hi - lo)) * plotH;
  const ticks = [lo + 2, Math.round((lo + hi) / 2), hi - 2];
  return (
    <figure className="progress-chart">
      <svg
        viewBox={`0 0 ${W} ${top + plotH + 22}`}
        className="chart"
        aria-hidden="true"
        data-testid="range-chart"
      >
        <ChartGrid values={ticks} left={left} y={y} label={name} />
        {weeks.map((w, i) => {
          const x = left + i * colW + colW / 2;
          return (
            <g key={w.weekStart}>
              {w.highMidi !== null && w.lowMidi !== null && (
                <line
                  x1={x}
                  x2={x}
                  y1={y(w.lowMidi) + 3}
                  y2={y(w.highMidi) - 3}
                  stroke={SOUND}
                  strokeWidth={8}
                  strokeLinecap="round"
                />
              )}
              {(weeks.length - 1 - i) % 3 === 0 && (
                <text
                  x={x}
                  y={top + plotH + 16}
                  fontSize={FONT}
                  textAnchor="middle"
                  fill="currentColor"
                >
                  {`${Number(w.weekStart.slice(8))}/${Number(w.weekStart.slice(5, 7))}`}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <HiddenTable
        testId="range-table"
        caption="Range held at least a second, per week"
        head={['Week of', 'Lowest', 'Highest']}
        rows={weeks.map((w) => [
          w.weekStart,
          w.lowMidi === null ? 'none' : name(w.lowMidi),
          w.highMidi === null ? 'none' : name(w.highMidi),
        ])}
      />
    </figure>
  );
}

/**
 * One exercise's or piece's daily mean scores (0–100) as a small line with a dot per day, its
 * change said in words, and the days and scores in a visually hidden table for screen readers.
 */
export function TrendLine(props: {
  label: string;
  points: readonly { day: string; score: number }[];
  change: number | null;
  /** A few words after the change (a piece: its attempts and best). */
  detail?: string;
  testId: string;
}) {
  const { points, label, change, detail } = props;
  const h = 48;
  const stepX = points.length > 1 ? (W - 8) / (points.length - 1) : 0;
  const at = (i: number, score: number) => ({
    // One point sits in the middle: a lone day is a dot, not a line at the edge.
    x: points.length > 1 ? 4 + i * stepX : W / 2,
    y: 4 + (1 - score / 100) * (h - 8),
  });
  const path = points
    .map((p, i) => {
      const { x, y } = at(i, p.score);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const said =
    change === null
      ? `${points.length} day${points.length === 1 ? '' : 's'} so far`
      : change > 0
        ? `up ${change} points`
        : change < 0
          ? `down ${-change} points`
          : 'steady';
  const last = points[points.length - 1];
  return (
    <div className="progress-trend" data-testid={props.testId}>
      <div className="progress-trend__head">
        <strong>{label}</strong>
        <span>
          {last ? `latest ${Math.round(last.score)}` : ''} · {said}
        </span>
      </div>
      {detail && <div className="progress-trend__detail">{detail}</div>}
      <svg viewBox={`0 0 ${W} ${h}`} className="chart" aria-hidden="true">
        <line x1={0} x2={W} y1={h / 2} y2={h / 2} stroke="currentColor" strokeOpacity={0.15} />
        <path d={path} fill="none" stroke={TREND} strokeWidth={2.5} />
        {points.length <= 31 &&
          points.map((p, i) => {
            const { x, y } = at(i, p.score);
            return <circle key={p.day} cx={x} cy={y} r={3} fill={TREND} />;
          })}
      </svg>
      <HiddenTable
        caption={`${label}: mean score per day practised, out of 100`}
        head={['Day', 'Score']}
        rows={points.map((p) => [p.day, p.score])}
      />
    </div>
  );
}

/** A chart's numbers for screen readers: visually hidden, the first cell of a row is its key. */
function HiddenTable(props: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  testId?: string;
}) {
  return (
    <table className="companion-sr-only" data-testid={props.testId}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
