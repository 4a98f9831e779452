/**
 * Files the player opens with the app or shares to it (Android's "Open with" and Share, iOS's
 * "Open in" / share sheet), for the pieces library (issue 25). Both platforms hand the app a URL:
 * `@capacitor/app` reports it as `appUrlOpen` (Android: a VIEW intent's data, a `content://` or
 * `file://` URI; a SEND intent is turned into a VIEW by MainActivity.java, which Capacitor's App
 * plugin does not hear otherwise. iOS: a `file://` URL, copied by iOS into the app's Inbox or, as
 * Info.plist sets LSSupportsOpeningDocumentsInPlace, the original, which SceneDelegate.swift opens
 * for reading). Capacitor keeps a cold start's event until a listener is added, so a file that
 * launched the app arrives too. The content is read with `@capacitor/filesystem`'s `readFile`,
 * which takes `content://` (Android) and `file://` paths. Plugins imported on first use, native only.
 */

/** A file handed to the app: the name and size first (checked before reading), bytes on demand. */
export interface OpenedFile {
  readonly url: string;
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface OpenedUrlsPort {
  /** Calls `listener` with each URL the app is opened with; resolves to a stop function. */
  listen(listener: (url: string) => void): Promise<() => void>;
  /** The file at a `content://` or `file://` URL. Rejects with a reason a player can read. */
  open(url: string): Promise<OpenedFile>;
}

/** The last segment of a URL's path, decoded ("Arban%201.musicxml" → "Arban 1.musicxml"). */
export function nameFromUrl(url: string): string {
  const path = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || 'file';
  } catch {
    return last || 'file';
  }
}

/** Bytes of the plugin's answer: base64 text on native, a Blob on the web. */
export async function bytesOf(data: string | Blob): Promise<ArrayBuffer> {
  if (typeof data !== 'string') return data.arrayBuffer();
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\.$/, '') || 'unknown error';

// The modules, never the plugins, cross a promise (a plugin Proxy answers `then` as a method).
const app = () => import('@capacitor/app');
const filesystem = () => import('@capacitor/filesystem');

export const openedUrls: OpenedUrlsPort = {
  listen: async (listener) => {
    const { App } = await app();
    const handle = await App.addListener('appUrlOpen', (event) => {
      if (typeof event.url === 'string' && event.url) listener(event.url);
    });
    return () => void handle.remove();
  },
  open: async (url) => {
    const { Filesystem } = await filesystem();
    const read = async (): Promise<ArrayBuffer> => {
      try {
        return await bytesOf((await Filesystem.readFile({ path: url })).data);
      } catch (error) {
        throw new Error(reasonOf(error), { cause: error });
      }
    };
    try {
      // Name and size first, so a 50 MB file is refused before it is read.
      const info = await Filesystem.stat({ path: url });
      const name = info.name || nameFromUrl(url);
      return { url, name, size: info.size, arrayBuffer: read };
    } catch {
      // Some content providers answer no metadata: read it to know its size.
      const bytes = await read();
      // A copy each time: a reader may transfer (detach) the buffer it is given.
      const copy = async (): Promise<ArrayBuffer> => bytes.slice(0);
      return { url, name: nameFromUrl(url), size: bytes.byteLength, arrayBuffer: copy };
    }
  },
};
