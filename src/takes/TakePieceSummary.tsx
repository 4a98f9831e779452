import { sayNote, tempoLabel } from '../music';
import { formatClock } from './take-recorder';
import type { TakePiece, TakePieceAttempt } from './take-piece';

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "12 played, 1 wrong (bar 3 E4), 0 missed": the counts, and the first notes to look at. */
export function verdictLine(attempt: TakePieceAttempt): string {
  const of = (verdict: TakePieceAttempt['notes'][number]['verdict']) =>
    attempt.notes.filter((n) => n.verdict === verdict);
  const named = (notes: TakePieceAttempt['notes']): string =>
    notes.length === 0
      ? ''
      : ` (${notes
          .slice(0, 3)
          .map((n) => `bar ${n.measure} ${sayNote(n.written)}`)
          .join(', ')}${notes.length > 3 ? ', …' : ''})`;
  const wrong = of('wrong');
  const missed = of('missed');
  return `${of('played').length} played, ${wrong.length} wrong${named(wrong)}, ${missed.length} missed${named(missed)}`;
}

/**
 * A take of a piece (issue 25): the piece it was recorded on, and each pass judged while it
 * recorded: when in the take, its scores, its verdicts and the one thing to fix first.
 */
export function TakePieceSummary(props: { piece: TakePiece }) {
  const { piece } = props;
  return (
    <section className="take-piece" data-testid="take-piece" aria-label="The piece of this take">
      <h3 className="take-piece__title">Piece: {piece.title}</h3>
      {piece.attempts.length === 0 ? (
        <p className="take-piece__none">No pass was judged while this take was recording.</p>
      ) : (
        <ol className="take-piece__attempts">
          {piece.attempts.map((attempt) => (
            <li key={attempt.atMs} data-testid="take-piece-attempt">
              <strong>
                {formatClock(attempt.atMs)} · {Math.round(attempt.scores.overall)}/100
              </strong>{' '}
              (pitch {Math.round(attempt.scores.pitch)}, timing {Math.round(attempt.scores.timing)},
              steadiness {Math.round(attempt.scores.steadiness)})
              {attempt.playedTempo ? ` · ${tempoLabel(attempt.playedTempo)}` : ''}
              <br />
              {plural(attempt.notes.length, 'note')}: {verdictLine(attempt)}
              <br />
              <span data-testid="take-piece-fix">
                {attempt.fixFirst ? `Fix first: ${attempt.fixFirst}` : 'Clean: nothing to fix.'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
