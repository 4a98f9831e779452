import type { CSSProperties, ComponentType } from 'react';
import { CHART_FONT as FONT, CHART_W as W, ChartGrid, DayLabels } from '../shared-ui/chart-parts';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { EXERCISE_LABELS, type ExerciseKind } from './records';
import { dailyScores, minutesPerDay, type HistorySummary } from './summary';

/**
 * Hand-written SVG, sized for a phone: the viewBox is about as wide as a phone's content
 * (360 units → 358 px at 390 px), so 12-unit text reads as ~12 px. No charting library: the three
 * charts are ~5 kB of code, where the smallest kept candidates add 10–50 kB gzip, and an SVG
 * written here carries its own text alternative (role="img", a label, <title> per mark).
 */

/** Series colours with ≥ 3:1 against both themes' backgrounds (WCAG 1.4.11). */
const SERIES_COLOURS: Record<ExerciseKind, string> = {
  'long-tones': '#3b82f6',
  'lip-slurs': '#16a34a',
  scales: '#d97706',
  intervals: '#db2777',
};

/** Props every history chart gets: the aggregates (src/history/summary.ts), never every attempt. */
export interface HistoryChartProps {
  summary: HistorySummary;
}

const shortDate = (time: number): string =>
  new Date(time).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

function PracticeChart(props: HistoryChartProps) {
  const days = minutesPerDay(props.summary, new Date(), 14);
  const max = Math.max(5, Math.ceil(days.reduce((m, d) => Math.max(m, d.minutes), 0) / 5) * 5);
  const left = 34;
  const top = 8;
  const plotH = 120;
  const barW = (W - left) / days.length;
  const y = (minutes: number): number => top + plotH - (minutes / max) * plotH;
  const total = Math.round(days.reduce((s, d) => s + d.minutes, 0));
  return (
    <svg
      viewBox={`0 0 ${W} ${top + plotH + 22}`}
      className="chart"
      role="img"
      aria-label={`Practice minutes per day, last 14 days: ${total} min in all, at most ${Math.round(max)} a day`}
      data-testid="practice-chart"
    >
      <ChartGrid values={[0, max / 2, max]} left={left} y={y} />
      {days.map((d, i) => {
        const h = (d.minutes / max) * plotH;
        return (
          <g key={d.day}>
            <rect
              x={left + i * barW + 2}
              y={top + plotH - h}
              width={barW - 4}
              height={h}
              fill="#3b82f6"
            >
              <title>{`${d.day}: ${d.minutes} min`}</title>
            </rect>
          </g>
        );
      })}
      <DayLabels days={days} left={left} barW={barW} y={top + plotH + 16} unit="min" />
    </svg>
  );
}

/** At most `max` points: consecutive points averaged in equal groups (years of daily scores). */
function thin(points: { time: number; score: number }[], max: number) {
  if (points.length <= max) return points;
  const size = Math.ceil(points.length / max);
  const out: { time: number; score: number }[] = [];
  for (let i = 0; i < points.length; i += size) {
    const group = points.slice(i, i + size);
    out.push({
      time: group.reduce((s, p) => s + p.time, 0) / group.length,
      score: group.reduce((s, p) => s + p.score, 0) / group.length,
    });
  }
  return out;
}

function ScoreChart(props: HistoryChartProps) {
  const series = [...dailyScores(props.summary).entries()].map(
    ([exercise, points]) => [exercise, thin(points, 120)] as const,
  );
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const [, points] of series) {
    for (const p of points) {
      t0 = Math.min(t0, p.time);
      t1 = Math.max(t1, p.time);
    }
  }
  const left = 30;
  const right = W - 12;
  const top = 8;
  const plotH = 140;
  const x = (t: number): number =>
    t1 === t0 ? (left + right) / 2 : left + ((t - t0) / (t1 - t0)) * (right - left);
  const y = (score: number): number => top + plotH - (score / 100) * plotH;
  // The time axis: first and last day, and the middle one when the span allows.
  const ticks = t1 === t0 ? [t0] : t1 - t0 > 2 * 86_400_000 ? [t0, (t0 + t1) / 2, t1] : [t0, t1];
  return (
    <>
      <svg
        viewBox={`0 0 ${W} ${top + plotH + 24}`}
        className="chart"
        role="img"
        aria-label={`Mean score per day and exercise, ${shortDate(t0)} to ${shortDate(t1)}`}
        data-testid="score-chart"
      >
        <ChartGrid values={[0, 50, 100]} left={left} right={right} y={y} />
        {ticks.map((t, i) => (
          <text
            key={t}
            data-testid="time-tick"
            x={x(t)}
            y={top + plotH + 18}
            fontSize={FONT}
            textAnchor={
              ticks.length === 1
                ? 'middle'
                : i === 0
                  ? 'start'
                  : i === ticks.length - 1
                    ? 'end'
                    : 'middle'
            }
            fill="currentColor"
          >
            {shortDate(t)}
          </text>
        ))}
        {series.map(([exercise, points]) => (
          <g key={exercise}>
            <polyline
              points={points
                .map((p) => `${x(p.time).toFixed(1)},${y(p.score).toFixed(1)}`)
                .join(' ')}
              fill="none"
              stroke={SERIES_COLOURS[exercise]}
              strokeWidth={2}
            />
            {points.length <= 60 &&
              points.map((p, i) => (
                <circle
                  key={i}
                  cx={x(p.time)}
                  cy={y(p.score)}
                  r={3.5}
                  fill={SERIES_COLOURS[exercise]}
                >
                  <title>{`${EXERCISE_LABELS[exercise]}, ${shortDate(p.time)}: ${Math.round(p.score)}`}</title>
                </circle>
              ))}
          </g>
        ))}
      </svg>
      {/* The legend is HTML below the plot: it wraps on a narrow screen and never covers a line. */}
      <ul className="chart-legend" data-testid="score-legend">
        {series.map(([exercise]) => (
          <li key={exercise} style={{ '--swatch': SERIES_COLOURS[exercise] } as CSSProperties}>
            {EXERCISE_LABELS[exercise]}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The history's charts, in order. There is no pooled "notes you play sharp or flat" chart: it
 * mixed instruments, exercises and fingerings under a mean (a slurred B4 on 1-3 and a B4 on 2 read
 * "always sharp"); the intonation map (IntonationMapPanel) is scoped to one instrument and one
 * fingering with a median, and says it right (issue 22 row 5).
 * Each is its own panel (an error in one shows a message there,
 * the others stay): adding a chart is one line here.
 */
export const HISTORY_CHARTS: readonly { title: string; Chart: ComponentType<HistoryChartProps> }[] =
  [
    { title: 'Practice time per day', Chart: PracticeChart },
    { title: 'Scores over time', Chart: ScoreChart },
  ];

export function HistoryCharts(props: HistoryChartProps) {
  return (
    <>
      {HISTORY_CHARTS.map(({ title, Chart }) => (
        <section key={title} aria-label={title}>
          <h3>{title}</h3>
          <PanelBoundary name={`The chart "${title}"`}>
            <Chart summary={props.summary} />
          </PanelBoundary>
        </section>
      ))}
    </>
  );
}
