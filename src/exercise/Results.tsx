import type { ReactNode } from 'react';
import { formatCents } from '../music';
import type { NoteOutcome } from './long-tones/long-tone-session';
import { ReasonsRow } from './ReasonsRow';

/**
 * Pitch trace of every note of an exercise side by side: cents off the target over each hold,
 * with the in-tune band. Static SVG (drawn once at the end).
 */
export function PitchTracePlot(props: {
  outcomes: readonly Pick<NoteOutcome, 'name' | 'trace'>[];
  inTuneCents: number;
}) {
  const width = 600;
  const height = 170;
  const plotHeight = 150;
  const slot = width / Math.max(1, props.outcomes.length);
  const range = 60;
  const y = (c: number): number =>
    plotHeight / 2 - (Math.max(-range, Math.min(range, c)) / range) * (plotHeight / 2 - 4);
  // Label every note when there is room, else every k-th (about 24 px per label).
  const labelEvery = Math.max(1, Math.ceil(24 / slot));
  return (
    <svg
      className="trace-plot"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label="Pitch trace: cents off the target for each note"
      data-testid="trace-plot"
    >
      <rect
        x={0}
        y={y(props.inTuneCents)}
        width={width}
        height={y(-props.inTuneCents) - y(props.inTuneCents)}
        fill="rgba(45, 211, 111, 0.25)"
      />
      <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="gray" strokeWidth={0.5} />
      {props.outcomes.map((outcome, i) => {
        const end = Math.max(1, ...outcome.trace.map(([t]) => t));
        const segments: string[] = [];
        let current = '';
        for (const [t, cents] of outcome.trace) {
          if (cents === null) {
            if (current) segments.push(current);
            current = '';
            continue;
          }
          const x = i * slot + 2 + (t / end) * (slot - 4);
          current += `${current ? 'L' : 'M'}${x.toFixed(1)},${y(cents).toFixed(1)}`;
        }
        if (current) segments.push(current);
        return (
          <g key={i}>
            {i > 0 && (
              <line
                x1={i * slot}
                x2={i * slot}
                y1={0}
                y2={plotHeight}
                stroke="gray"
                strokeWidth={0.3}
              />
            )}
            <path d={segments.join('')} fill="none" stroke="#3880ff" strokeWidth={1.5} />
            {i % labelEvery === 0 && (
              <text
                x={i * slot + slot / 2}
                y={height - 4}
                fontSize={10}
                textAnchor="middle"
                fill="currentColor"
              >
                {outcome.name}
              </text>
            )}
          </g>
        );
      })}
      <text x={2} y={11} fontSize={9} fill="currentColor">
        +{range} ¢
      </text>
      <text x={2} y={plotHeight - 2} fontSize={9} fill="currentColor">
        −{range} ¢
      </text>
    </svg>
  );
}

/** End-of-exercise results: score, coach, per-note table and the pitch trace plot. */
export function LongToneResults(props: {
  outcomes: readonly NoteOutcome[];
  score: number;
  sessionAdvice: string | null;
  inTuneCents: number;
  /** Saved or not, partial or not (SaveStatus). */
  saveStatus: ReactNode;
}) {
  return (
    <section className="results" data-testid="results" aria-label="Results">
      <h2>
        Score: <span data-testid="score">{props.score}</span> / 100
      </h2>
      {props.saveStatus}
      {props.sessionAdvice && <p className="coach">{props.sessionAdvice}</p>}
      <PitchTracePlot outcomes={props.outcomes} inTuneCents={props.inTuneCents} />
      <p className="hint">
        In tune = the share of the hold within ±{props.inTuneCents} ¢. Pitch scores the centre of
        the hold and loses points little by little from ±{props.inTuneCents / 2} ¢, never all at
        once; steadiness its wobble, cracks and dropouts; drift how far it moved by the end of the
        breath.
      </p>
      <table className="note-table" data-testid="note-table">
        <thead>
          <tr>
            <th>Note</th>
            <th>In tune</th>
            <th>Pitch</th>
            <th>Steady</th>
            <th>Drift</th>
            <th>Score</th>
          </tr>
        </thead>
        {props.outcomes.map((o, i) => (
          <tbody key={i} data-testid="note-result">
            <tr data-testid="note-row" data-verdict={o.verdict.verdict}>
              <td>{o.name}</td>
              <td>{Math.round(o.result.inTuneFraction * 100)}%</td>
              <td>
                {o.scores.pitch ?? '—'}
                <small>{formatCents(o.result.medianCents)}</small>
              </td>
              <td>
                {o.scores.steadiness ?? '—'}
                {o.result.spreadCents !== null && (
                  <small>±{o.result.spreadCents.toFixed(1)} ¢</small>
                )}
              </td>
              <td>
                {o.scores.drift ?? '—'}
                <small>{formatCents(o.result.driftCents)}</small>
              </td>
              <td>
                <strong>{o.score}</strong>
              </td>
            </tr>
            <ReasonsRow reasons={o.verdict.reasons} colSpan={6} />
            <tr className="advice-row">
              <td colSpan={6} className="coach" data-testid="coach">
                {o.advice ? (
                  <>
                    <strong>{o.advice.summary}</strong>
                    {o.advice.tendency && ` ${o.advice.tendency}`}
                    {o.advice.suggestion && <em> {o.advice.suggestion}</em>}
                  </>
                ) : (
                  '—'
                )}
                {o.driftAdvice && <span data-testid="drift-advice"> {o.driftAdvice}</span>}
              </td>
            </tr>
          </tbody>
        ))}
      </table>
    </section>
  );
}
