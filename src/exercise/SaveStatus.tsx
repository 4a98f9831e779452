import { PARTIAL_LABELS } from '../history/records';
import type { SaveAttemptResult } from './use-save-attempt';

/** Under the results: whether the attempt was saved, and for a partial one why, with Discard. */
export function SaveStatus(props: { save: SaveAttemptResult }) {
  const { message, partial, discard, discarded, nothingPlayed } = props.save;
  if (nothingPlayed) {
    return (
      <p className="save-message" role="status" data-testid="not-scored">
        Finished before any note was heard: not scored, and not saved to your history.
      </p>
    );
  }
  return (
    <>
      {partial && !discarded && (
        <div className="partial-note" role="note" data-testid="partial-attempt">
          <p>
            Partial attempt: {PARTIAL_LABELS[partial]}. The notes you played before that are kept
            and scored.
          </p>
          <div className="buttons">
            <button type="button" data-testid="discard-attempt" onClick={discard}>
              Discard this attempt
            </button>
          </div>
        </div>
      )}
      {message && (
        <p className="save-message" role="status" data-testid="save-message">
          {message}
        </p>
      )}
    </>
  );
}
