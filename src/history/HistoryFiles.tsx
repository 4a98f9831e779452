import { useEffect, useRef, useState } from 'react';
import { saveTextFile, type SaveTextFile } from '../native/save-file';
import type { HistoryStore } from './history-db';
import {
  exportHistory,
  exportSectionContents,
  importHistory,
  type HistoryMessage,
} from './history-file';

/** Export the whole history as JSON, import an export (all or nothing), with the outcome said. */
export function HistoryFiles(props: {
  history: HistoryStore;
  count: number;
  saveFile?: SaveTextFile;
}) {
  const [message, setMessage] = useState<(HistoryMessage & { source: 'export' | 'import' }) | null>(
    null,
  );
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saveFile = props.saveFile ?? saveTextFile;
  // Data kept beside the history (the pieces library) is exported too, even with no attempt.
  const [besides, setBesides] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void exportSectionContents().then((said) => live && setBesides(said));
    return () => {
      live = false;
    };
  }, [props.count, message]);

  const exportFile = async (): Promise<void> => {
    setBusy('export');
    setMessage(null);
    let result: HistoryMessage;
    try {
      result = await exportHistory(await props.history.all(), saveFile);
    } catch {
      const status = props.history.status.get();
      result = {
        text: `Export failed, nothing was saved: ${status.state === 'ready' ? 'the history could not be read' : status.message}`,
        error: true,
      };
    }
    setBusy(null);
    setMessage({ ...result, source: 'export' });
  };

  const importFile = async (file: File): Promise<void> => {
    setBusy('import');
    setMessage({ text: `Importing ${file.name}…`, error: false, source: 'import' });
    const result = await importHistory(file, props.history);
    setBusy(null);
    setMessage({ ...result, source: 'import' });
  };

  return (
    <>
      <div className="buttons">
        <button
          type="button"
          data-testid="export"
          onClick={() => void exportFile()}
          disabled={(props.count === 0 && besides.length === 0) || busy !== null}
        >
          Export JSON
        </button>
        <button
          type="button"
          data-testid="import"
          onClick={() => fileInput.current?.click()}
          disabled={busy !== null}
        >
          Import JSON
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {props.count === 0 && besides.length > 0 && (
        <p className="hint" data-testid="export-contents">
          Export saves {besides.join('; ')} (no exercise attempts yet).
        </p>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'error' : ''}
          data-testid={`${message.source}-message`}
        >
          {message.text}
        </p>
      )}
    </>
  );
}
