import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { nameFromUrl, openedUrls, type OpenedUrlsPort } from '../native/opened-files';
import { ASSIGNMENT_HASH } from './assignment';
import { addIncomingFile } from './incoming-files';

export const PIECES_PATH = '/home/pieces';

/**
 * What to do with a URL the app was opened with: a file (`content://`, `file://`) goes to the
 * pieces library; a link to the app's pieces screen (an assignment link) opens that screen with
 * its fragment; anything else is not for this app to open.
 */
export function openedUrlAction(
  url: string,
): { kind: 'file' } | { kind: 'route'; path: string } | { kind: 'ignore' } {
  if (/^(content|file):/i.test(url)) return { kind: 'file' };
  try {
    const parsed = new URL(url);
    if (parsed.pathname.startsWith(PIECES_PATH) && parsed.hash.startsWith(ASSIGNMENT_HASH)) {
      return { kind: 'route', path: `${PIECES_PATH}${parsed.hash}` };
    }
  } catch {
    // not a URL: nothing to open
  }
  return { kind: 'ignore' };
}

/**
 * Native only (loaded lazily by the tab shell): a MusicXML file or an assignment opened with the
 * app, or shared to it, is put in the library's queue and the library is shown, which imports it
 * as a file from its own picker (same checks and messages; nothing stored is touched by a bad
 * file). A file that cannot be read reaches the library as one whose reading fails, so the
 * player is told why.
 */
export function OpenWith(props: { port?: OpenedUrlsPort }) {
  const navigate = useNavigate();
  // React Router gives a new navigate on each route change: the listener stays, it reads the latest.
  const go = useRef(navigate);
  useEffect(() => {
    go.current = navigate;
  });
  const port = props.port ?? openedUrls;
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const opened = (url: string): void => {
      const action = openedUrlAction(url);
      if (action.kind === 'route') {
        go.current(action.path);
        // The pieces page hears a followed link by its hash, as in a browser.
        globalThis.dispatchEvent(new HashChangeEvent('hashchange'));
        return;
      }
      if (action.kind !== 'file') return;
      port.open(url).then(addIncomingFile, (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        addIncomingFile({
          name: nameFromUrl(url),
          size: 1,
          arrayBuffer: () => Promise.reject(new Error(reason)),
        });
      });
      go.current(PIECES_PATH);
    };
    port.listen(opened).then(
      (off) => (cancelled ? off() : (stop = off)),
      (error: unknown) => console.warn('files opened with the app cannot be received', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [port]);
  return null;
}
