import { useCallback, useEffect, useRef, useState } from 'react';
import { usePitchService } from '../shared-ui/pitch-service-context';
import type { HistoryStore } from '../history/history-db';
import type { AttemptRecord, ExerciseKind, PartialReason } from '../history/records';
import { beginPractice } from '../lib/practice-activity';

/** What an exercise has to say about its attempt; the hook adds time, kind and partial state. */
export type AttemptContent = Pick<AttemptRecord, 'settings' | 'score' | 'notes' | 'fixFirst'>;

export interface SaveAttemptOptions {
  history: HistoryStore;
  exercise: ExerciseKind;
  /** When the attempt started (null until it has). */
  startedAt: Date | null;
  /** The exercise has finished (completed, or ended by `finish`). */
  done: boolean;
  /**
   * What was played so far: a new object at each note boundary (memoised on the session state),
   * null while nothing was played. Saved every time it changes, so a closed tab loses at most the
   * note being played.
   */
  content: AttemptContent | null;
  /** Ends the session now (scoring the note in progress); called when the microphone is lost. */
  finish?: () => void;
  /**
   * Whether anything was played, when the exercise knows better than its notes (a wrong answer
   * has no cents but was played). Default: some note has cents or a score (`nothingHeard`).
   */
  played?: boolean;
}

export interface SaveAttemptResult {
  /** "Saved to your history.", a storage message, or null (nothing to say yet). */
  message: string | null;
  /** Set when the saved attempt is partial: why it was interrupted. */
  partial: PartialReason | null;
  /** Removes the saved (partial) attempt from the history. */
  discard: () => void;
  discarded: boolean;
  /** Notes of this attempt safely in the history so far (0 before the first write lands). */
  savedNotes: number;
  /** Done with no note heard (Finish during the count-in, or before any hold): not saved. */
  nothingPlayed: boolean;
}

/**
 * An attempt in which no note was heard was aborted, not played (issue 23 row 7: Finish during a
 * count-in saved "Lip slurs 0/100" with 63 "Not heard" rows to the history, the home page's last
 * session and the charts). It is not saved and not scored.
 */
export function nothingHeard(content: AttemptContent | null, played?: boolean): boolean {
  if (!content) return true;
  if (played !== undefined) return !played;
  return content.notes.every((note) => note.medianCents === null && note.score === 0);
}

/**
 * Practice saved as it happens (issue 15), one hook for every exercise (issue 9):
 * - each change of `content` is written to the history as a draft (`partial: 'interrupted'`),
 *   replacing the previous draft of the same attempt (same start time and exercise);
 * - when the page is hidden (app backgrounded, tab switched or closing) the draft is marked
 *   `hidden`; coming back and finishing replaces it with the complete attempt;
 * - when the microphone is lost (the pitch service reports an error mid-exercise) the session is
 *   ended with what was played and kept as a partial attempt (`mic-lost`);
 * - when the exercise is done the complete (or partial) attempt replaces the draft.
 */
export function useSaveAttempt(options: SaveAttemptOptions): SaveAttemptResult {
  const { history, exercise, startedAt, done, content, finish, played } = options;
  const service = usePitchService();
  const [message, setMessage] = useState<string | null>(null);
  const [partial, setPartial] = useState<PartialReason | null>(null);
  const [discarded, setDiscarded] = useState(false);
  const [savedNotes, setSavedNotes] = useState(0);
  const interruption = useRef<PartialReason | null>(null);
  // Writes happen in order: a late draft never overwrites the final attempt.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef<AttemptRecord | null>(null);
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  }, [finish]);

  const recordOf = useCallback(
    (reason: PartialReason | null): AttemptRecord | null => {
      if (!startedAt || !content || nothingHeard(content, played)) return null;
      return {
        startedAt: startedAt.toISOString(),
        durationS: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
        exercise,
        ...content,
        ...(reason ? { partial: reason } : {}),
      };
    },
    [startedAt, content, exercise, played],
  );

  const save = useCallback(
    (record: AttemptRecord, final: boolean) => {
      latest.current = record;
      queue.current = queue.current.then(async () => {
        const ok = await history.add(record);
        const status = history.status.get();
        if (ok) setSavedNotes(record.notes.length);
        if (!ok) setMessage(status.state === 'ready' ? null : status.message);
        else if (final) {
          setMessage(
            record.partial
              ? 'Saved to your history as a partial attempt.'
              : 'Saved to your history.',
          );
        }
      });
    },
    [history],
  );

  // A new attempt (same component, e.g. the intervals' "New round"): start over.
  const finalSaved = useRef(false);
  const [shownFor, setShownFor] = useState(startedAt);
  if (shownFor !== startedAt) {
    setShownFor(startedAt);
    setMessage(null);
    setPartial(null);
    setDiscarded(false);
    setSavedNotes(0);
  }
  useEffect(() => {
    finalSaved.current = false;
    interruption.current = null;
    latest.current = null;
  }, [startedAt]);

  // Every note boundary: the draft, or the final attempt once done.
  useEffect(() => {
    if (finalSaved.current) return;
    const reason = done ? interruption.current : (interruption.current ?? 'interrupted');
    const record = recordOf(reason);
    if (!record) return;
    if (done) {
      finalSaved.current = true;
      setPartial(record.partial ?? null);
    }
    save(record, done);
  }, [done, recordOf, save]);

  // The page is hidden or closing: mark the draft so the history says why it stopped there.
  useEffect(() => {
    const onHidden = (): void => {
      if (finalSaved.current || !latest.current) return;
      save({ ...latest.current, partial: 'hidden' }, false);
    };
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') onHidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHidden);
    };
  }, [save]);

  // The microphone is lost mid-exercise: end with what was played, kept as a partial attempt.
  useEffect(
    () =>
      service.status.subscribe((status) => {
        if (status.state !== 'error' || !startedAt || done || finalSaved.current) return;
        interruption.current = 'mic-lost';
        if (finishRef.current) finishRef.current();
        else if (latest.current) save({ ...latest.current, partial: 'mic-lost' }, false);
      }),
    [service, startedAt, done, save],
  );

  // While the attempt runs, updates wait (src/pwa): a reload would lose the note being played.
  const running = startedAt !== null && !done;
  useEffect(() => (running ? beginPractice() : undefined), [running]);

  const discard = useCallback(() => {
    const record = latest.current;
    if (!record) return;
    queue.current = queue.current.then(async () => {
      const ok = await history.remove(record);
      if (ok) {
        setDiscarded(true);
        setMessage('Partial attempt discarded: it is no longer in your history.');
      } else {
        const status = history.status.get();
        setMessage(status.state === 'ready' ? 'Could not discard the attempt.' : status.message);
      }
    });
  }, [history]);

  return {
    message,
    partial,
    discard,
    discarded,
    savedNotes,
    nothingPlayed: done && nothingHeard(content, played),
  };
}
