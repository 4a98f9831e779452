import { formatCents } from '../music';
import type { ComponentType } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { EXERCISE_LABELS, type ExerciseKind } from './records';
import { dailyScores, minutesPerDay, summaryTendencies, type HistorySummary } from './summary';

const SERIES_COLOURS: Record<ExerciseKind, string> = {
  'long-tones': '#3880ff',
  'lip-slurs': '#2dd36f',
  scales: '#ffc409',
  intervals: '#eb445a',
};

/** Props every history chart gets: the aggregates (src/history/summary.ts), never every attempt. */
export interface HistoryChartProps {
  summary: HistorySummary;
}

function PracticeChart(props: HistoryChartProps) {
  const days = minutesPerDay(props.summary, new Date(), 14);
  const max = days.reduce((m, d) => Math.max(m, d.minutes), 5);
  const barWidth = 20;
  return (
    <svg
      viewBox={`0 0 ${days.length * barWidth} 110`}
      className="chart"
      role="img"
      aria-label="Practice minutes per day, last 14 days"
      data-testid="practice-chart"
    >
      {days.map((d, i) => {
        const h = (d.minutes / max) * 90;
        return (
          <g key={d.day}>
            <rect x={i * barWidth + 3} y={95 - h} width={barWidth - 6} height={h} fill="#3880ff">
              <title>{`${d.day}: ${d.minutes} min`}</title>
            </rect>
            <text
              x={i * barWidth + barWidth / 2}
              y={107}
              fontSize={7}
              textAnchor="middle"
              fill="currentColor"
            >
              {d.day.slice(8)}
            </text>
          </g>
        );
      })}
      <text x={1} y={8} fontSize={7} fill="currentColor">
        {Math.round(max)} min
      </text>
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
    ([exercise, points]) => [exercise, thin(points, 150)] as const,
  );
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const [, points] of series) {
    for (const p of points) {
      t0 = Math.min(t0, p.time);
      t1 = Math.max(t1, p.time);
    }
  }
  const x = (t: number): number => (t1 === t0 ? 150 : 10 + ((t - t0) / (t1 - t0)) * 280);
  const y = (score: number): number => 95 - score * 0.9;
  return (
    <svg
      viewBox="0 0 300 112"
      className="chart"
      role="img"
      aria-label="Mean score per day and exercise"
      data-testid="score-chart"
    >
      {[0, 50, 100].map((s) => (
        <g key={s}>
          <line x1={10} x2={290} y1={y(s)} y2={y(s)} stroke="gray" strokeWidth={0.3} />
          <text x={0} y={y(s) + 2} fontSize={6} fill="currentColor">
            {s}
          </text>
        </g>
      ))}
      {series.map(([exercise, points]) => (
        <g key={exercise}>
          <polyline
            points={points.map((p) => `${x(p.time).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ')}
            fill="none"
            stroke={SERIES_COLOURS[exercise]}
            strokeWidth={1.2}
          />
          {points.length <= 60 &&
            points.map((p, i) => (
              <circle
                key={i}
                cx={x(p.time)}
                cy={y(p.score)}
                r={2}
                fill={SERIES_COLOURS[exercise]}
              />
            ))}
        </g>
      ))}
      {series.map(([exercise], i) => (
        <text key={exercise} x={10 + i * 70} y={109} fontSize={7} fill={SERIES_COLOURS[exercise]}>
          {EXERCISE_LABELS[exercise]}
        </text>
      ))}
    </svg>
  );
}

function TendencyChart(props: HistoryChartProps) {
  const tendencies = summaryTendencies(props.summary);
  if (tendencies.length === 0) {
    return <p>Play a note in at least two attempts to see whether you tend sharp or flat on it.</p>;
  }
  const row = 12;
  const range = 40;
  const x = (c: number): number => 150 + (Math.max(-range, Math.min(range, c)) / range) * 120;
  return (
    <svg
      viewBox={`0 0 300 ${tendencies.length * row + 14}`}
      className="chart"
      role="img"
      aria-label="Mean offset per note (left flat, right sharp)"
      data-testid="tendency-chart"
    >
      <line x1={150} x2={150} y1={0} y2={tendencies.length * row} stroke="gray" strokeWidth={0.5} />
      {tendencies.map((t, i) => (
        <g key={t.writtenMidi}>
          <text x={2} y={i * row + 9} fontSize={7} fill="currentColor">
            {t.name}
          </text>
          <rect
            x={Math.min(150, x(t.meanCents))}
            y={i * row + 2}
            width={Math.abs(x(t.meanCents) - 150)}
            height={row - 4}
            fill={t.consistent ? (t.consistent === 'sharp' ? '#eb445a' : '#3880ff') : '#999'}
          >
            <title>{`${t.name}: ${formatCents(t.meanCents, 1)} over ${t.attempts} attempts`}</title>
          </rect>
          {t.consistent && (
            <text x={278} y={i * row + 9} fontSize={6} fill="currentColor" textAnchor="end">
              always {t.consistent}
            </text>
          )}
        </g>
      ))}
      <text x={30} y={tendencies.length * row + 10} fontSize={6} fill="currentColor">
        −{range} ¢ flat
      </text>
      <text x={240} y={tendencies.length * row + 10} fontSize={6} fill="currentColor">
        +{range} ¢ sharp
      </text>
    </svg>
  );
}

/**
 * The history's charts, in order. Each is its own panel (an error in one shows a message there,
 * the others stay): adding a chart is one line here.
 */
export const HISTORY_CHARTS: readonly { title: string; Chart: ComponentType<HistoryChartProps> }[] =
  [
    { title: 'Practice time per day', Chart: PracticeChart },
    { title: 'Scores over time', Chart: ScoreChart },
    { title: 'Notes you play sharp or flat', Chart: TendencyChart },
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
