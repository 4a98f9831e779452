import { attemptLabel, attemptTime, PARTIAL_LABELS, type AttemptRecord } from './records';

const signed = (cents: number): string =>
  `${cents > 0 ? '+' : cents < 0 ? '−' : '±'}${Math.abs(cents).toFixed(1)} ¢`;

/**
 * A past attempt's per-note results, opened from its row (issue 23 row 9: tapping an attempt did
 * nothing). Every attempt stores its notes (`NoteRecord`): name, score and how far off.
 */
export function AttemptDetails(props: { attempt: AttemptRecord; onClose: () => void }) {
  const { attempt } = props;
  return (
    <section
      className="attempt-details"
      aria-label={`${attemptLabel(attempt)} results`}
      data-testid="attempt-details"
    >
      <h4>
        {attemptLabel(attempt)} · {attempt.score}/100 · {attemptTime(attempt.startedAt)}
      </h4>
      {attempt.partial && <p>Partial attempt: {PARTIAL_LABELS[attempt.partial]}.</p>}
      {attempt.notes.length === 0 ? (
        <p>This attempt was saved without its notes.</p>
      ) : (
        <table className="note-table">
          <thead>
            <tr>
              <th>Note</th>
              <th>Score</th>
              <th>Off by</th>
            </tr>
          </thead>
          <tbody>
            {attempt.notes.map((note, i) => (
              <tr key={i} data-testid="attempt-note">
                <td>{note.name}</td>
                <td>{note.score}</td>
                <td>{note.medianCents === null ? 'not heard' : signed(note.medianCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="buttons">
        <button type="button" data-testid="close-attempt" onClick={props.onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
