import { useEffect, useRef, useState } from 'react';
import { useObservable } from '../lib/use-observable';
import { saveTextFile, type SaveTextFile } from '../native/save-file';
import type { HistoryStore } from './history-db';
import { exportHistory, importHistory, type HistoryMessage } from './history-file';
import { formatCents } from '../music';
import { IntonationMapChart } from './IntonationMapChart';
import { EXERCISE_LABELS, type AttemptRecord, type ExerciseKind } from './records';
import { noteTendencies, practicePerDay, scoresByExercise } from './stats';

const SERIES_COLOURS: Record<ExerciseKind, string> = {
  'long-tones': '#3880ff',
  'lip-slurs': '#2dd36f',
  scales: '#ffc409',
  intervals: '#eb445a',
};

function PracticeChart(props: { attempts: readonly AttemptRecord[] }) {
  const days = practicePerDay(props.attempts, new Date(), 14);
  const max = Math.max(5, ...days.map((d) => d.minutes));
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

function ScoreChart(props: { attempts: readonly AttemptRecord[] }) {
  const series = scoresByExercise(props.attempts);
  const times = props.attempts.map((a) => Date.parse(a.startedAt));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (t: number): number => (t1 === t0 ? 150 : 10 + ((t - t0) / (t1 - t0)) * 280);
  const y = (score: number): number => 95 - score * 0.9;
  return (
    <svg
      viewBox="0 0 300 100"
      className="chart"
      role="img"
      aria-label="Scores over time per exercise"
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
      {[...series.entries()].map(([exercise, points]) => (
        <g key={exercise}>
          <polyline
            points={points.map((p) => `${x(p.time)},${y(p.score)}`).join(' ')}
            fill="none"
            stroke={SERIES_COLOURS[exercise]}
            strokeWidth={1.2}
          />
          {points.map((p, i) => (
            <circle key={i} cx={x(p.time)} cy={y(p.score)} r={2} fill={SERIES_COLOURS[exercise]} />
          ))}
        </g>
      ))}
      {[...series.keys()].map((exercise, i) => (
        <text key={exercise} x={200} y={10 + i * 8} fontSize={6} fill={SERIES_COLOURS[exercise]}>
          {EXERCISE_LABELS[exercise]}
        </text>
      ))}
    </svg>
  );
}

function TendencyChart(props: { attempts: readonly AttemptRecord[] }) {
  const tendencies = noteTendencies(props.attempts);
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
 * Practice history: plots, the attempt list, and export/import of the whole history as JSON.
 * `saveFile` writes the export (default: browser download on the web, Documents on Android/iOS).
 */
export function HistoryView(props: { history: HistoryStore; saveFile?: SaveTextFile }) {
  const version = useObservable(props.history.version);
  const status = useObservable(props.history.status);
  const [attempts, setAttempts] = useState<AttemptRecord[] | null>(null);
  const [message, setMessage] = useState<(HistoryMessage & { source: 'export' | 'import' }) | null>(
    null,
  );
  const [exporting, setExporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const saveFile = props.saveFile ?? saveTextFile;

  useEffect(() => {
    let cancelled = false;
    void props.history.all().then((all) => {
      if (!cancelled) setAttempts(all);
    });
    return () => {
      cancelled = true;
    };
  }, [props.history, version]);

  const exportFile = async (): Promise<void> => {
    setExporting(true);
    setMessage(null);
    const result = await exportHistory(attempts ?? [], saveFile);
    setExporting(false);
    setMessage({ ...result, source: 'export' });
  };

  const importFile = async (file: File): Promise<void> => {
    setMessage(null);
    setMessage({ ...(await importHistory(file, props.history)), source: 'import' });
  };

  return (
    <section className="history" aria-label="History" data-testid="history">
      {status.state !== 'ready' && (
        <p role="alert" className="error" data-testid="history-status">
          {status.message}
        </p>
      )}
      {attempts === null ? (
        <p>Loading…</p>
      ) : attempts.length === 0 ? (
        <p data-testid="history-empty">No attempts yet: finish an exercise and it appears here.</p>
      ) : (
        <>
          <h3>Practice time per day</h3>
          <PracticeChart attempts={attempts} />
          <h3>Scores over time</h3>
          <ScoreChart attempts={attempts} />
          <IntonationMapChart attempts={attempts} />
          <h3>Notes you play sharp or flat</h3>
          <TendencyChart attempts={attempts} />
          <h3>Attempts</h3>
          <table className="attempts" data-testid="attempts">
            <thead>
              <tr>
                <th>Date</th>
                <th>Exercise</th>
                <th>Notes</th>
                <th>Score</th>
              </tr>
            </thead>
            <tbody>
              {[...attempts].reverse().map((a) => (
                <tr key={a.id ?? a.startedAt} data-testid="attempt-row">
                  <td>{new Date(a.startedAt).toLocaleString()}</td>
                  <td>{EXERCISE_LABELS[a.exercise]}</td>
                  <td>{a.notes.map((n) => n.name).join(' ')}</td>
                  <td>{a.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="buttons">
        <button
          type="button"
          data-testid="export"
          onClick={() => void exportFile()}
          disabled={!attempts?.length || exporting}
        >
          Export JSON
        </button>
        <button type="button" data-testid="import" onClick={() => fileInput.current?.click()}>
          Import JSON
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'error' : ''}
          data-testid={`${message.source}-message`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
