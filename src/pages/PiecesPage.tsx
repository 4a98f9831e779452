import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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
import { backTo } from '../shared-ui/app-history';
import type { StoredPiece } from '../pieces/piece-types';
import { TakesBar } from '../takes/TakesBar';
import '../pieces/pieces.css';
import { PIECES_PATH, isPiecesTabPath, parsePieceRoute, piecePath } from './piece-routes';

/**
 * `/home/pieces`: the player's own music (issue 25). The library (import, studies), and above it
 * each piece's practice screen on its own route, `/home/pieces/<id>` (piece-routes.ts), so a link
 * or a reminder opens it and Back returns to the library. An assignment link (`#assignment=…`) is
 * stored and opens its piece's route.
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

/** The piece a route names once it is known: found, or not on this device (else: loading). */
type Opened =
  | { id: string; state: 'found'; piece: StoredPiece }
  | { id: string; state: 'missing'; reason: string };

export default function PiecesPage() {
  const store = getPieceStore();
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  // The tab stays as it was while another tab is shown (Ionic keeps the pages mounted).
  const inTab = isPiecesTabPath(location.pathname);
  const [tabPath, setTabPath] = useState(inTab ? location.pathname : PIECES_PATH);
  if (inTab && tabPath !== location.pathname) setTabPath(location.pathname);
  const route = parsePieceRoute(tabPath);
  const routeId = route?.view === 'piece' ? route.id : null;
  const [opened, setOpened] = useState<Opened | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const backToLibrary = (): void =>
    backTo(PIECES_PATH, here.current, (to, options) => {
      if (typeof to === 'number') navigate(to);
      else navigate(to, options);
    });
  /** Opens a piece already in hand (the library, an assignment) on its route, above the library. */
  const openPiece = (piece: StoredPiece): void => {
    setOpened({ id: piece.id, state: 'found', piece });
    navigate(piecePath(piece.id));
  };

  // A path the tab does not have: the library.
  useEffect(() => {
    if (route === null) navigate(PIECES_PATH, { replace: true });
  }, [route, navigate]);

  // The piece of the route, read from the library when it is not in hand (a link, a reload).
  const wanted = routeId !== null && opened?.id !== routeId;
  useEffect(() => {
    if (routeId === null || !wanted) return;
    let alive = true;
    store.get(routeId).then(
      (piece) => {
        if (!alive) return;
        setOpened(
          piece
            ? { id: routeId, state: 'found', piece }
            : {
                id: routeId,
                state: 'missing',
                reason:
                  'This piece is not in your library on this device. It may have been deleted, or the link was made on another device: import the music or open the assignment here.',
              },
        );
      },
      (error: unknown) => {
        if (alive)
          setOpened({
            id: routeId,
            state: 'missing',
            reason: `This piece could not be read from the library: ${String(error)}`,
          });
      },
    );
    return () => {
      alive = false;
    };
  }, [routeId, wanted, store]);
  const known = routeId !== null && opened?.id === routeId ? opened : null;
  const piece = known?.state === 'found' ? known.piece : null;
  const missing = known?.state === 'missing' ? known.reason : null;

  // A file opened with the app (Android, iOS) is imported by the library: show it. OpenWith has
  // usually gone to the library already (the route may not have rendered yet: a navigation is a
  // transition, the file's arrival is not), so only a piece still in the address bar is left.
  const filesWaiting = useObservable(incomingFiles).length > 0;
  const onPiece = routeId !== null && inTab;
  useEffect(() => {
    if (!filesWaiting || !onPiece) return;
    if (parsePieceRoute(globalThis.location.pathname)?.view === 'piece') navigate(PIECES_PATH);
  }, [filesWaiting, onPiece, navigate]);

  // An assignment link: when the page opens with one, and when one is followed while it is open.
  const latestOpen = useRef(openPiece);
  useEffect(() => {
    latestOpen.current = openPiece;
  });
  useEffect(() => {
    const open = (): void => {
      const link = readAssignmentLink(globalThis.location.hash);
      if (!link) return;
      if ('error' in link) {
        setLinkError(link.error);
        return;
      }
      store.put(link.piece).then(
        () => {
          // The link is used once: its entry becomes the library, with the piece above it, so a
          // reload shows the piece (not a second copy) and Back the library.
          history.replaceState(history.state, '', PIECES_PATH);
          setLinkError(null);
          latestOpen.current(link.piece);
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
          {routeId !== null && (
            <IonButtons slot="start">
              <IonButton onClick={backToLibrary} data-testid="pieces-back">
                Back
              </IonButton>
            </IonButtons>
          )}
          <IonTitle>{routeId !== null && !missing ? 'Practise' : 'Pieces'}</IonTitle>
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
          ) : missing ? (
            <div className="piece-missing" data-testid="piece-missing">
              <p className="piece-message error" role="alert">
                {missing}
              </p>
              <IonButton expand="block" onClick={backToLibrary} data-testid="piece-missing-back">
                Back to your pieces
              </IonButton>
            </div>
          ) : routeId !== null ? (
            <p className="piece-message" role="status" data-testid="piece-loading">
              Opening the piece…
            </p>
          ) : (
            <PieceLibrary
              store={store}
              onOpen={(chosen, saved) => {
                openPiece(chosen);
                saved?.catch((error: unknown) =>
                  setLinkError(
                    `"${chosen.title}" is open but could not be stored on this device: ${String(error)}`,
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
