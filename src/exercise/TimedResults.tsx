import { formatCents } from '../music';
import { PitchTracePlot } from './Results';
import type { TimedOutcome } from './timed-session';

const fmt = (value: number | null, unit: string): string =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${Math.round(value)}${unit}`;

/** Results of a timed exercise (scales, lip slurs): score, trace and per-note timing and pitch. */
export function TimedResults(props: { outcomes: readonly TimedOutcome[]; score: number }) {
  return (
    <section className="results" data-testid="results" aria-label="Results">
      <h2>
        Score: <span data-testid="score">{props.score}</span> / 100
      </h2>
      <PitchTracePlot outcomes={props.outcomes} inTuneCents={20} />
      <table className="note-table" data-testid="note-table">
        <thead>
          <tr>
            <th>Note</th>
            <th>Result</th>
            <th>Score</th>
            <th>Timing</th>
            <th>Pitch</th>
            <th>Time to lock</th>
            <th>Overshoot</th>
          </tr>
        </thead>
        <tbody>
          {props.outcomes.map((o, i) => (
            <tr key={i}>
              <td>{o.name}</td>
              <td>{o.outcome}</td>
              <td>{o.score}</td>
              <td>{fmt(o.timingMs, ' ms')}</td>
              <td>{formatCents(o.medianCents)}</td>
              <td>{o.timeToLockMs === null ? '—' : `${Math.round(o.timeToLockMs)} ms`}</td>
              <td>{o.outcome === 'locked' ? `${Math.round(o.overshootCents)} ¢` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
