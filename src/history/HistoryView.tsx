import { useEffect, useState } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { useObservable } from '../lib/use-observable';
import type { SaveTextFile } from '../native/save-file';
import { AttemptDetails } from './AttemptDetails';
import { AttemptList } from './AttemptList';
import { HistoryCharts } from './HistoryCharts';
import { HistoryClear, UndoBar, type Deleted } from './HistoryClear';
import { HistoryFiles } from './HistoryFiles';
import { IntonationMapPanel } from './IntonationMapPanel';
import type { HistoryStore } from './history-db';
import type { AttemptRecord } from './records';
import type { HistorySummary } from './summary';
import './history.css';

/**
 * Practice history: charts (from the stored aggregates), the attempt list (virtualised) and
 * export/import. Reads one small summary record to open, whatever the size of the history.
 * `saveFile` writes the export (default: browser download on the web, Documents on Android/iOS).
 */
export function HistoryView(props: { history: HistoryStore; saveFile?: SaveTextFile }) {
  const version = useObservable(props.history.version);
  const status = useObservable(props.history.status);
  const [summary, setSummary] = useState<HistorySummary | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const failed = failedAt === version;
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<AttemptRecord | null>(null);

  const deleteOne = async (attempt: AttemptRecord): Promise<void> => {
    setProblem(null);
    if (await props.history.remove(attempt)) {
      setDeleted({ text: 'Attempt deleted.', attempts: [attempt] });
    } else {
      setProblem('The attempt could not be deleted.');
    }
  };
  const undo = async (): Promise<void> => {
    if (!deleted) return;
    setUndoing(true);
    try {
      await props.history.importAttempts(deleted.attempts);
      setDeleted(null);
    } catch {
      setProblem('Undo failed: the history could not be written. Nothing else was changed.');
    }
    setUndoing(false);
  };

  useEffect(() => {
    let cancelled = false;
    props.history.summary().then(
      (loaded) => {
        if (!cancelled) setSummary(loaded);
      },
      () => {
        if (!cancelled) setFailedAt(version);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [props.history, version]);

  const count = summary?.count ?? 0;
  return (
    <section className="history" aria-label="History" data-testid="history">
      {status.state !== 'ready' && (
        <p role="alert" className="error" data-testid="history-status">
          {status.message}
        </p>
      )}
      {deleted && <UndoBar deleted={deleted} busy={undoing} onUndo={() => void undo()} />}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {summary === null ? (
        !failed && <p data-testid="history-loading">Loading…</p>
      ) : count === 0 ? (
        <p data-testid="history-empty">No attempts yet: finish an exercise and it appears here.</p>
      ) : (
        <>
          <HistoryCharts summary={summary} />
          <PanelBoundary name="Your horn's intonation map">
            <IntonationMapPanel history={props.history} version={version} />
          </PanelBoundary>
          <h3>Attempts ({count})</h3>
          {opened && <AttemptDetails attempt={opened} onClose={() => setOpened(null)} />}
          <PanelBoundary name="The attempt list">
            <AttemptList
              history={props.history}
              count={count}
              version={version}
              onDelete={(attempt) => void deleteOne(attempt)}
              onOpen={setOpened}
            />
          </PanelBoundary>
        </>
      )}
      <HistoryFiles history={props.history} count={count} saveFile={props.saveFile} />
      <HistoryClear
        history={props.history}
        count={count}
        onCleared={(d) => {
          setProblem(null);
          setDeleted(d);
        }}
        onError={setProblem}
      />
    </section>
  );
}
