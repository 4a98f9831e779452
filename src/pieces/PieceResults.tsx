import {
  formatCents,
  sayNote,
  tempoLabel,
  type AttemptAssessment,
  type NoteAssessment,
} from '../music';
import type { PieceAttempt } from './piece-types';
import { flagText } from './report-text';
import { noteWhenText, type NoteClock } from './note-when';

const VERDICT_WORD = { played: 'Played', wrong: 'Wrong note', missed: 'Missed' } as const;

/** What a tapped note was: heard, when, how far off, what to do. */
export function NoteDetail(props: {
  note: NoteAssessment;
  /** What to do about its pitch on the fingering played (src/music `pitchFixOf`), or null. */
  fix?: string | null;
  /** What its onset counts from (W3); without it, from the first note. */
  clock?: NoteClock;
}) {
  const { note } = props;
  const cents = note.cents === null ? null : Math.round(note.cents);
  return (
    <section className="note-detail" data-testid="note-detail" aria-live="polite">
      <h3>
        Bar {note.measure}, {note.written.replace('b', '♭').replace('#', '♯')}:{' '}
        {VERDICT_WORD[note.verdict]}
      </h3>
      <ul>
        <li>
          Heard: {note.heard === null ? 'nothing' : sayNote(note.heard)}
          {cents !== null && note.verdict === 'played' && ` (${formatCents(cents)})`}
        </li>
        <li>
          When: {noteWhenText(note, props.clock ?? { kind: 'live', originMs: note.onsetMs ?? 0 })}
        </li>
        {note.flags.length > 0 && <li>How far: {note.flags.map(flagText).join(', ')}</li>}
        <li>
          Scores: pitch {Math.round(note.scores.pitch)}, timing {Math.round(note.scores.timing)},
          steadiness {Math.round(note.scores.steadiness)}
        </li>
      </ul>
      {note.reasons.length > 0 && (
        <p className="note-reasons" data-testid="note-reasons">
          {note.reasons.join(' ')}
        </p>
      )}
      {props.fix && (
        <p className="note-fix" data-testid="note-fix">
          Fix: {props.fix}.
        </p>
      )}
    </section>
  );
}

/** The attempt's sub-scores, the one thing to fix first, and the counts of each verdict. */
export function AttemptSummary(props: { assessment: AttemptAssessment }) {
  const { scores, notes, fixFirst, playedTempo } = props.assessment;
  const count = (kind: NoteAssessment['verdict']): number =>
    notes.filter((n) => n.verdict === kind).length;
  return (
    <section className="piece-summary" data-testid="piece-results">
      <p className="piece-overall">
        <strong data-testid="piece-overall">{Math.round(scores.overall)}</strong> overall
      </p>
      <ul className="sub-scores">
        <li>Pitch {Math.round(scores.pitch)}</li>
        <li>Timing {Math.round(scores.timing)}</li>
        <li>Steadiness {Math.round(scores.steadiness)}</li>
      </ul>
      <p data-testid="verdict-counts">
        {count('played')} played · {count('wrong')} wrong · {count('missed')} missed
      </p>
      {playedTempo && (
        <p data-testid="tempo-played">
          Tempo played {tempoLabel(playedTempo)} · marking ♩ = {Math.round(playedTempo.markedQpm)}
        </p>
      )}
      <p className="fix-first" data-testid="fix-first">
        {fixFirst ? `Fix first: ${fixFirst}` : 'Nothing stands out to fix: well played.'}
      </p>
      <p className="piece-legend">
        <span className="legend verdict-played">■ played</span>{' '}
        <span className="legend verdict-flagged">■ played, with a remark</span>{' '}
        <span className="legend verdict-wrong">■ wrong</span>{' '}
        <span className="legend verdict-missed">■ missed</span> · tap a note for why.
      </p>
    </section>
  );
}

/** Overall scores of a piece's attempts, oldest first, as a row of bars. */
export function PieceProgress(props: { attempts: readonly PieceAttempt[] }) {
  const recent = props.attempts.slice(-12);
  if (recent.length === 0) return null;
  const best = Math.max(...recent.map((a) => a.assessment.scores.overall));
  return (
    <section className="piece-progress" data-testid="piece-progress">
      <h3>
        Progress: {props.attempts.length} attempt{props.attempts.length === 1 ? '' : 's'}, best{' '}
        {Math.round(best)}
      </h3>
      <ol
        className="progress-bars"
        aria-label={`Overall scores: ${recent.map((a) => Math.round(a.assessment.scores.overall)).join(', ')}`}
      >
        {recent.map((a) => (
          <li
            key={a.atMs}
            style={{ height: `${Math.max(4, a.assessment.scores.overall)}%` }}
            title={`${new Date(a.atMs).toLocaleString()}: ${Math.round(a.assessment.scores.overall)} (${a.source}, ${a.tempoPercent} %)`}
          />
        ))}
      </ol>
    </section>
  );
}
