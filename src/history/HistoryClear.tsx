import { useState } from 'react';
import { hasStoredAccount } from '../storage';
import type { HistoryStore } from './history-db';
import type { AttemptRecord } from './records';

/** What was just deleted, kept in memory so Undo can put it back. */
export interface Deleted {
  text: string;
  attempts: readonly AttemptRecord[];
}

/**
 * Clear all: asks first (saying that Export keeps a copy), keeps what it removes for Undo. The
 * storage-full message tells the player to "export and clear old data": this is the clear.
 */
export function HistoryClear(props: {
  history: HistoryStore;
  count: number;
  onCleared: (deleted: Deleted) => void;
  onError: (text: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (props.count === 0) return null;
  const clear = async (): Promise<void> => {
    setBusy(true);
    try {
      const attempts = await props.history.all();
      if (!(await props.history.clear())) throw new Error('not cleared');
      props.onCleared({ text: `Deleted all ${attempts.length} attempts.`, attempts });
    } catch {
      props.onError('The history could not be cleared: nothing was deleted.');
    }
    setBusy(false);
    setConfirming(false);
  };
  return confirming ? (
    <div className="history-confirm" role="group" aria-label="Clear all history">
      <p>
        {/* Signed in, a deletion syncs: the player is told before, not after (issue 35). */}
        Delete all {props.count} attempts from{' '}
        {hasStoredAccount()
          ? 'this device, your account and every device signed in to it'
          : 'this device'}
        ? Export JSON first to keep a copy. You can undo right after.
      </p>
      <div className="buttons">
        <button
          type="button"
          className="history-danger"
          data-testid="confirm-clear"
          disabled={busy}
          onClick={() => void clear()}
        >
          Delete all
        </button>
        <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  ) : (
    <div className="buttons">
      <button
        type="button"
        className="history-clear"
        data-testid="clear-history"
        onClick={() => setConfirming(true)}
      >
        Clear all history…
      </button>
    </div>
  );
}

/** "Deleted … Undo": shown until the next deletion or until the player leaves the history. */
export function UndoBar(props: { deleted: Deleted; onUndo: () => void; busy: boolean }) {
  return (
    <div className="undo-bar" role="status" data-testid="undo-bar">
      <span>{props.deleted.text}</span>
      <button type="button" data-testid="undo" onClick={props.onUndo} disabled={props.busy}>
        Undo
      </button>
    </div>
  );
}
