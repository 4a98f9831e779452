import type { ReactNode } from 'react';
import type { ArticulationSummary, AttemptSummary, SubScoreName } from '../../music';
import type { Passage } from '../../music';
import { PassageStaff, type NoteMark } from '../staff/PassageStaff';
import { PitchTracePlot } from '../Results';
import { LatencyNote } from '../../shared-ui/latency/LatencyNote';
import type { TimedOutcome } from './timed-session';
import { ReasonsRow } from '../ReasonsRow';

/** How the staff marks a note's result: the assessor's verdict, and whether anything was said. */
export function markOf(outcome: TimedOutcome): NoteMark {
  if (outcome.outcome === 'missed') return 'missed';
  if (outcome.outcome !== 'played') return 'wrong';
  return outcome.verdict.flags.length > 0 ? 'flagged' : 'clean';
}

const signed = (value: number | null, unit: string): string =>
  value === null
    ? ''
    : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(Math.round(value))}${unit}`;

const OUTCOME_TEXT: Record<TimedOutcome['outcome'], string> = {
  played: '',
  wrong: 'wrong note',
  cracked: 'cracked',
  missed: 'not heard',
};

const SUB_LABELS: [SubScoreName, string][] = [
  ['pitch', 'Pitch'],
  ['timing', 'Timing'],
  ['steadiness', 'Steadiness'],
  ['articulation', 'Attacks'],
];

/** One sub-score and the measurement behind it ("95" over "+12 ms"). */
function Cell(props: { name: SubScoreName; score: number | null; detail: string }) {
  return (
    <td>
      <span data-testid={`${props.name}-score`}>{props.score === null ? '—' : props.score}</span>
      {props.detail && <small>{props.detail}</small>}
    </td>
  );
}

/**
 * Results of a timed exercise (scales, lip slurs, articulation): the attempt at a glance (overall,
 * each sub-score, what to work on), the pitch trace, then per note what was heard, its pitch,
 * timing, steadiness and attack scores, and one line of advice where it helps.
 */
export function TimedResults(props: {
  outcomes: readonly TimedOutcome[];
  score: number;
  summary: AttemptSummary | null;
  inTuneCents: number;
  articulation?: ArticulationSummary | null;
  /** The passage played: the results are drawn on it. */
  passage: Passage;
  title: string;
  /** Shown just under the marked staff (the bar-loop picker). */
  afterStaff?: ReactNode;
  /** "Judged in just intonation against the C drone." when graded over a drone. */
  judgedIn?: string | null;
  /** Whether the attempt was a clean pass (what the speed trainers count), and why not. */
  cleanPass?: { readonly clean: boolean; readonly why: string | null };
}) {
  const { summary } = props;
  return (
    <>
      {props.outcomes.length > 0 && (
        <>
          <PassageStaff
            passage={props.passage}
            current={-1}
            marks={props.outcomes.map(markOf)}
            label={`${props.title}, results: ${props.outcomes
              .map((o) => `${o.name} ${markOf(o)}`)
              .join(', ')}`}
          />
          <p className="hint mark-legend" data-testid="mark-legend">
            <span data-mark="clean">green: clean</span> ·{' '}
            <span data-mark="flagged">amber: played, with a remark below</span> ·{' '}
            <span data-mark="wrong">red: another note</span> ·{' '}
            <span data-mark="missed">faint: not heard</span>
          </p>
          {props.afterStaff}
        </>
      )}
      <section className="results" data-testid="results" aria-label="Results">
        <h2>
          Score: <span data-testid="score">{props.score}</span> / 100
        </h2>
        {summary && (
          <>
            <ul className="sub-scores" data-testid="sub-scores">
              {SUB_LABELS.map(([name, label]) => (
                <li key={name} data-testid={`summary-${name}`}>
                  <strong>{summary.scores[name] ?? '—'}</strong> {label}
                </li>
              ))}
            </ul>
            <p data-testid="summary">{summary.text}</p>
          </>
        )}
        {props.cleanPass && (
          <p className="hint" data-testid="clean-pass" data-clean={props.cleanPass.clean}>
            {props.cleanPass.clean
              ? 'A clean pass: every note right, on the beat, even and in tune, nothing cracked.'
              : `Not a clean pass yet${props.cleanPass.why ? ` (${props.cleanPass.why})` : ''}: a speed trainer keeps its tempo.`}
          </p>
        )}
        {props.judgedIn && (
          <p className="hint" data-testid="judged-in">
            {props.judgedIn}
          </p>
        )}
        {props.articulation && (
          <section className="articulation-summary" data-testid="articulation-summary">
            <ul className="sub-scores">
              <li>
                <strong data-testid="evenness-ms">
                  {props.articulation.evennessMs === null
                    ? '—'
                    : `±${Math.round(props.articulation.evennessMs)}`}
                </strong>{' '}
                ms evenness
              </li>
              <li>
                <strong data-testid="notes-per-beat">{props.articulation.notesPerBeat}</strong> of{' '}
                {props.articulation.notesPerBeatAsked} notes per beat
              </li>
              <li>
                <strong>
                  {props.articulation.attackMs === null
                    ? '—'
                    : Math.round(props.articulation.attackMs)}
                </strong>{' '}
                ms to a steady pitch
              </li>
            </ul>
            <p>{props.articulation.text}</p>
            {props.articulation.tAndK && (
              <p data-testid="t-and-k">{props.articulation.tAndK.text}</p>
            )}
          </section>
        )}
        <p className="hint">
          Pitch loses points little by little from ±{props.inTuneCents / 2} ¢ (half the in-tune
          band), never all at once; timing counts from where the note really started against the
          click, and a late note costs timing only; attacks from the start to a steady pitch.
        </p>
        <LatencyNote />
        <PitchTracePlot outcomes={props.outcomes} inTuneCents={props.inTuneCents} />
        <table className="note-table" data-testid="note-table">
          <thead>
            <tr>
              <th>Note</th>
              <th>Pitch</th>
              <th>Timing</th>
              <th>Steady</th>
              <th>Attack</th>
              <th>Score</th>
            </tr>
          </thead>
          {props.outcomes.map((o, i) => (
            <tbody key={i} data-testid="note-result">
              <tr data-testid="note-row" data-outcome={o.outcome}>
                <td>
                  <span data-testid="note-name">{o.name}</span>
                  {o.heardName !== o.name && (
                    <small data-testid="heard">
                      {o.heardName ? `heard ${o.heardName}` : 'silence'}
                    </small>
                  )}
                  {OUTCOME_TEXT[o.outcome] && <small>{OUTCOME_TEXT[o.outcome]}</small>}
                </td>
                <Cell
                  name="pitch"
                  score={o.result.scores.pitch}
                  detail={signed(o.medianCents, ' ¢')}
                />
                <Cell
                  name="timing"
                  score={o.result.scores.timing}
                  detail={signed(o.timingMs, ' ms')}
                />
                <Cell
                  name="steadiness"
                  score={o.result.scores.steadiness}
                  detail={
                    o.result.spreadCents === null ? '' : `±${Math.round(o.result.spreadCents)} ¢`
                  }
                />
                <Cell
                  name="articulation"
                  score={o.result.scores.articulation}
                  detail={o.result.attackMs === null ? '' : `${Math.round(o.result.attackMs)} ms`}
                />
                <td>
                  <strong>{o.score}</strong>
                </td>
              </tr>
              <ReasonsRow reasons={o.verdict.reasons} colSpan={6} />
              {o.advice && (
                <tr className="advice-row">
                  <td colSpan={6} data-testid="note-advice">
                    {o.advice}
                  </td>
                </tr>
              )}
            </tbody>
          ))}
        </table>
      </section>
    </>
  );
}
