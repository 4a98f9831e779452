import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useEffect, useState } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { PitchStatusBanner } from '../shared-ui/PitchStatusBanner';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { ScoreReadError } from '../music';
import { assignmentFromHash, parseAssignment } from '../pieces/assignment';
import { PieceLibrary, pieceOf } from '../pieces/PieceLibrary';
import { PiecePractice } from '../pieces/PiecePractice';
import { getPieceStore } from '../pieces/piece-store';
import { incomingFiles } from '../pieces/incoming-files';
import { useObservable } from '../lib/use-observable';
import type { StoredPiece } from '../pieces/piece-types';
import { TakesBar } from '../takes/TakesBar';
import '../pieces/pieces.css';

/**
 * `/home/pieces`: the player's own music (issue 25). The library (import, studies), then a piece's
 * practice screen. An assignment link (`#assignment=…`) is stored and opens its practice screen.
 */
/** The piece an assignment link carries, or why it cannot be opened; null without a link. */
function readAssignmentLink(hash: string): { piece: StoredPiece } | { error: string } | null {
  try {
    const json = assignmentFromHash(hash);
    if (!json) return null;
    const assignment = parseAssignment(json);
    return {
      piece: pieceOf(
        assignment.score,
        'assignment link',
        null,
        'assignment',
        assignment.practice,
        assignment.title,
      ),
    };
  } catch (error) {
    const reason = error instanceof ScoreReadError ? error.reason : String(error);
    return { error: `This assignment could not be opened: ${reason}` };
  }
}

export default function PiecesPage() {
  const store = getPieceStore();
  const [piece, setPiece] = useState<StoredPiece | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  // A file opened with the app (Android, iOS) is imported by the library: show it.
  const filesWaiting = useObservable(incomingFiles).length > 0;
  if (filesWaiting && piece) setPiece(null);

  // An assignment link: when the page opens with one, and when one is followed while it is open.
  useEffect(() => {
    const open = (): void => {
      const opened = readAssignmentLink(globalThis.location.hash);
      if (!opened) return;
      if ('error' in opened) {
        setLinkError(opened.error);
        return;
      }
      store.put(opened.piece).then(
        () => {
          // The link is used once: a reload shows the library, not a second copy.
          history.replaceState(null, '', location.pathname);
          setLinkError(null);
          setPiece(opened.piece);
        },
        (error: unknown) => setLinkError(`The assignment could not be saved: ${String(error)}`),
      );
    };
    const timer = setTimeout(open, 0);
    globalThis.addEventListener('hashchange', open);
    return () => {
      clearTimeout(timer);
      globalThis.removeEventListener('hashchange', open);
    };
  }, [store]);

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          {piece && (
            <IonButtons slot="start">
              <IonButton onClick={() => setPiece(null)} data-testid="pieces-back">
                Back
              </IonButton>
            </IonButtons>
          )}
          <IonTitle>{piece ? 'Practise' : 'Pieces'}</IonTitle>
          <IonButtons slot="end">
            <SettingsButton />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <PitchStatusBanner />
        {linkError && (
          <p className="piece-message error" role="alert">
            {linkError}
          </p>
        )}
        <PanelBoundary name="Pieces">
          {piece ? (
            <PiecePractice key={piece.id} piece={piece} store={store} />
          ) : (
            <PieceLibrary
              store={store}
              onOpen={(opened, saved) => {
                setPiece(opened);
                saved?.catch((error: unknown) =>
                  setLinkError(
                    `"${opened.title}" is open but could not be stored on this device: ${String(error)}`,
                  ),
                );
              }}
            />
          )}
        </PanelBoundary>
      </IonContent>
      {/* A take of the piece is labelled with its title (the takes list shows where it was
          recorded) and keeps the piece and its verdicts (src/pieces/take-of-piece.ts). */}
      {/* At most 40 characters: a take file's source is checked to that length on import. */}
      {piece && <TakesBar source={`Piece: ${piece.title}`.slice(0, 40)} />}
    </IonPage>
  );
}
