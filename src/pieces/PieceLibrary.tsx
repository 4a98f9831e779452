/* eslint-disable max-lines -- Over 300 lines: the library view with its file import, incoming files, assignments and bundled studies; a component not split in issue 41 step 1. */
import { useObservable } from '../lib/use-observable';
import { IonButton, IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { MAX_SCORE_FILE_BYTES, ScoreReadError, type Score } from '../music';
import { currentPlatform } from '../native';
import { parseAssignment } from './assignment';
import { importScoreFile, prewarmImportWorker } from './import-client';
import {
  incomingFiles,
  takeIncomingFile,
  withRecognisedName,
  type IncomingFile,
} from './incoming-files';
import type { PieceStore } from './piece-store';
import { DEFAULT_PRACTICE, type StoredPiece } from './piece-types';
import { studyUrl, useBundledStudies, type BundledStudy } from './bundled-studies';
import {
  confirmDeleteText,
  deletePiece,
  deletedText,
  undoDelete,
  type DeletedPiece,
} from './piece-delete';
import { TRASH_ICON } from './trash-icon';
import { Icon } from '../shared-ui/Icon';

type Message = { text: string; error: boolean };
type Pending = { file: IncomingFile; parts: readonly { id: string; name: string }[] };

export function newPieceId(): string {
  return `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A stored piece for a part just read. */
export function pieceOf(
  score: Score,
  fileName: string,
  partId: string | null,
  origin: StoredPiece['origin'],
  practice = DEFAULT_PRACTICE,
  title?: string,
): StoredPiece {
  return {
    id: newPieceId(),
    title: title || score.title || fileName.replace(/\.[^.]+$/, ''),
    fileName,
    partId,
    importedAtMs: Date.now(),
    score,
    practice,
    origin,
  };
}

/**
 * The pieces library: import a MusicXML file (picker, or dropped on the screen), choose the part
 * of a multi-part file, open a stored piece or a bundled study. A file that cannot be read is
 * refused with the reason; what is stored is untouched (a piece is stored only once it is read).
 */
export function PieceLibrary(props: {
  store: PieceStore;
  /** Open a piece; `saved` settles once a new piece is stored (it opens at once, meanwhile). */
  onOpen: (piece: StoredPiece, saved?: Promise<void>) => void;
}) {
  const { store, onOpen } = props;
  const [pieces, setPieces] = useState<StoredPiece[] | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** The piece whose Delete was tapped: its row asks first. */
  const [confirming, setConfirming] = useState<string | null>(null);
  /** The piece just deleted, for Undo. */
  const [deleted, setDeleted] = useState<DeletedPiece | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const studies = useBundledStudies();

  const reload = (): void => {
    store.list().then(setPieces, (error: unknown) => {
      setPieces([]);
      setMessage({ text: `The library could not be opened: ${String(error)}`, error: true });
    });
  };
  // Again whenever the library changes (a piece synced from another device arrives).
  const version = useObservable(store.version);
  useEffect(reload, [store, version]);

  /** Opens a piece just read and stores it meanwhile (the page says if storing fails). */
  const save = async (piece: StoredPiece): Promise<void> => {
    const saved = store.put(piece);
    onOpen(piece, saved);
    await saved.catch(() => undefined);
  };

  useEffect(prewarmImportWorker, []);

  const importFile = async (given: IncomingFile, partId?: string): Promise<void> => {
    setBusy(true);
    setPending(null);
    setMessage({ text: `Reading ${given.name}…`, error: false });
    try {
      const file = await withRecognisedName(given, MAX_SCORE_FILE_BYTES);
      if (/\.json$/i.test(file.name)) {
        const text = new TextDecoder().decode(await file.arrayBuffer());
        const assignment = parseAssignment(text);
        const piece = pieceOf(
          assignment.score,
          file.name,
          null,
          'assignment',
          assignment.practice,
          assignment.title,
        );
        await save(piece);
        return;
      }
      const answer = await importScoreFile(file, partId);
      if (answer.kind === 'refused') {
        setMessage({ text: `Not imported: ${answer.reason}`, error: true });
      } else if (answer.kind === 'parts') {
        setMessage(null);
        setPending({ file, parts: answer.parts });
      } else {
        await save(pieceOf(answer.score, file.name, answer.partId, 'file'));
      }
    } catch (error) {
      const reason = error instanceof ScoreReadError ? error.reason : String(error);
      setMessage({ text: `Not imported: ${reason}`, error: true });
    } finally {
      setBusy(false);
    }
  };

  // Files opened with the app or shared to it (Android, iOS: OpenWith.tsx), one at a time, each
  // as if chosen with the picker. Files left when the library closes wait for it to open again.
  const latestImport = useRef(importFile);
  useEffect(() => {
    latestImport.current = importFile;
  });
  useEffect(() => {
    let alive = true;
    let draining = false;
    const drain = async (): Promise<void> => {
      if (draining) return;
      draining = true;
      for (let next = alive && takeIncomingFile(); next; next = alive && takeIncomingFile()) {
        await latestImport.current(next);
      }
      draining = false;
    };
    const waiting = setTimeout(() => void drain(), 0);
    const stop = incomingFiles.subscribe((files) => {
      if (files.length > 0) void drain();
    });
    return () => {
      alive = false;
      clearTimeout(waiting);
      stop();
    };
  }, []);

  const openStudy = async (study: BundledStudy): Promise<void> => {
    const existing = pieces?.find((p) => p.origin === 'study' && p.fileName === study.id);
    if (existing) {
      onOpen(existing);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(studyUrl(study));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const name = studyUrl(study).split('/').pop() ?? `${study.id}.musicxml`;
      const answer = await importScoreFile({
        name,
        size: bytes.length,
        arrayBuffer: () => Promise.resolve(bytes.buffer),
      });
      if (answer.kind !== 'score')
        throw new Error(answer.kind === 'refused' ? answer.reason : 'several parts');
      await save(pieceOf(answer.score, study.id, null, 'study', DEFAULT_PRACTICE, study.title));
    } catch (error) {
      setMessage({ text: `The study could not be opened: ${String(error)}`, error: true });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (piece: StoredPiece): Promise<void> => {
    setConfirming(null);
    setBusy(true);
    try {
      const gone = await deletePiece(store, piece);
      setDeleted(gone);
      setMessage(null);
    } catch (error) {
      setMessage({ text: `“${piece.title}” was not deleted: ${String(error)}`, error: true });
    } finally {
      setBusy(false);
    }
  };
  const undo = async (gone: DeletedPiece): Promise<void> => {
    setBusy(true);
    try {
      await undoDelete(store, gone);
      setDeleted(null);
      setMessage({ text: `“${gone.piece.title}” is back, with its attempts.`, error: false });
    } catch (error) {
      setMessage({
        text: `“${gone.piece.title}” could not be put back: ${String(error)}`,
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  const drop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile(file);
  };

  const mine = (pieces ?? []).filter((p) => p.origin !== 'study');
  return (
    <div
      className={`piece-library${dragging ? ' dragging' : ''}`}
      data-testid="piece-library"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <p className="piece-hint">
        Bring your own music: a part exported as MusicXML (.musicxml, .xml or .mxl) from MuseScore,
        Finale, Sibelius or Dorico, or an assignment from your teacher.{' '}
        {currentPlatform() === 'web'
          ? 'Choose a file or drop it here.'
          : 'Choose a file, or open it with Embouchure (or share it to Embouchure) from Files, mail or a chat.'}
      </p>
      <IonButton
        expand="block"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="import-piece"
      >
        Import music…
      </IonButton>
      <input
        ref={input}
        type="file"
        hidden
        accept=".musicxml,.xml,.mxl,.json,application/vnd.recordare.musicxml+xml,application/vnd.recordare.musicxml"
        data-testid="import-piece-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {message && (
        <p
          className={message.error ? 'piece-message error' : 'piece-message'}
          role={message.error ? 'alert' : 'status'}
          data-testid="piece-message"
        >
          {message.text}
        </p>
      )}
      {deleted && (
        <div className="piece-deleted" role="status" data-testid="piece-deleted">
          <span>{deletedText(deleted)}</span>
          <IonButton
            fill="outline"
            size="small"
            disabled={busy}
            onClick={() => void undo(deleted)}
            data-testid="piece-undo-delete"
          >
            Undo
          </IonButton>
        </div>
      )}
      {pending && (
        <IonList data-testid="part-picker" inset>
          <IonListHeader>
            <IonLabel>Which part do you play? ({pending.file.name})</IonLabel>
          </IonListHeader>
          {pending.parts.map((part) => (
            <IonItem
              key={part.id}
              button
              detail={false}
              onClick={() => void importFile(pending.file, part.id)}
            >
              <IonLabel>{part.name || part.id}</IonLabel>
            </IonItem>
          ))}
          <IonItem button detail={false} onClick={() => setPending(null)}>
            <IonLabel color="medium">Cancel</IonLabel>
          </IonItem>
        </IonList>
      )}
      <IonList inset data-testid="piece-list">
        <IonListHeader>
          <IonLabel>Your pieces</IonLabel>
        </IonListHeader>
        {pieces !== null && mine.length === 0 && (
          <IonItem lines="none">
            <IonLabel color="medium">None yet: import a part to practise it.</IonLabel>
          </IonItem>
        )}
        {mine.map((piece) =>
          confirming === piece.id ? (
            <IonItem key={piece.id} data-testid="piece-confirm-delete" lines="full">
              <div className="piece-confirm">
                <p role="alert">{confirmDeleteText(piece)}</p>
                <div className="piece-confirm__buttons">
                  <IonButton
                    color="danger"
                    disabled={busy}
                    onClick={() => void remove(piece)}
                    data-testid="piece-delete-confirm"
                  >
                    Delete
                  </IonButton>
                  <IonButton
                    fill="outline"
                    onClick={() => setConfirming(null)}
                    data-testid="piece-delete-cancel"
                  >
                    Keep it
                  </IonButton>
                </div>
              </div>
            </IonItem>
          ) : (
            <IonItem key={piece.id} data-testid="piece-item" lines="full">
              <button type="button" className="piece-open" onClick={() => onOpen(piece)}>
                <span className="piece-open__title">{piece.title}</span>
                <span className="piece-open__detail">
                  {piece.score.partName || 'Part'} · {piece.score.measures.length} bars ·{' '}
                  {piece.origin === 'assignment' ? 'assignment' : piece.fileName}
                </span>
              </button>
              <IonButton
                slot="end"
                fill="clear"
                color="medium"
                className="piece-delete"
                aria-label={`Delete ${piece.title}`}
                disabled={busy}
                onClick={() => setConfirming(piece.id)}
                data-testid="piece-delete"
              >
                <Icon slot="icon-only" icon={TRASH_ICON} />
              </IonButton>
            </IonItem>
          ),
        )}
      </IonList>
      {studies.length > 0 && (
        <IonList inset data-testid="study-list">
          <IonListHeader>
            <IonLabel>Studies</IonLabel>
          </IonListHeader>
          {studies.map((study) => (
            <IonItem
              key={study.id}
              button
              disabled={busy}
              onClick={() => void openStudy(study)}
              data-testid="study-item"
            >
              <IonLabel>
                <h3>{study.title}</h3>
                <p>
                  {study.composer}
                  {study.keyName ? ` · ${study.keyName}` : ''}
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </div>
  );
}
