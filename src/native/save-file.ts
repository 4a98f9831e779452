import { currentPlatform, type Platform } from './platform';

/** A text file to hand to the user (an export). `name` is a plain file name, no folders. */
export interface TextFile {
  name: string;
  text: string;
  mimeType: string;
}

/** Where a saved file went, for the message the user sees. */
export type SavedFile =
  /** Web: handed to the browser as a download (where it lands is the browser's choice). */
  | { kind: 'download'; name: string }
  /**
   * Android/iOS: written to the device. `location` is what to show ("Documents/<name>"), `hint` (a
   * sentence) says how to reach it, `uri` is the plugin's `file://` URI.
   */
  | { kind: 'file'; name: string; location: string; hint: string; uri: string };

/** Saving failed: `reason` is what went wrong, `advice` what the user can do about it. */
export class SaveFileError extends Error {
  readonly reason: string;
  readonly advice: string;
  constructor(reason: string, advice: string, options?: { cause?: unknown }) {
    super(`${reason} ${advice}`, options);
    this.name = 'SaveFileError';
    this.reason = reason;
    this.advice = advice;
  }
}

export type SaveTextFile = (file: TextFile) => Promise<SavedFile>;

/** Where each platform's files go and what to do when writing fails. */
const NATIVE = {
  android: {
    hint: 'Find it with the Files app, in Documents.',
    advice:
      'Make sure the phone has free space and allow access to files if Android asks. If Documents already holds a file with this name from an earlier installation of the app, rename or delete it. Then try again.',
  },
  ios: {
    hint: 'Find it in the Files app: On My iPhone (or iPad) › Embouchure.',
    advice: 'Make sure the device has free space, then try again.',
  },
} as const;

const WEB_ADVICE = 'Check that this browser allows downloads from this site, then try again.';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message.replace(/\.$/, '');
  if (typeof error === 'string' && error) return error.replace(/\.$/, '');
  return 'unknown error';
}

/**
 * The browser's own download (`<a download>` on an object URL). Does nothing inside Capacitor's
 * WebViews, hence the native path below.
 */
export function browserDownload(file: TextFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // The download reads the blob asynchronously: revoke later, not now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface FileSaverDeps {
  platform?: () => Platform;
  download?: (file: TextFile) => void;
}

/**
 * Saves a text file where the user can find it. Web: the browser's download. Android/iOS: the
 * `@capacitor/filesystem` plugin (imported on first use, native only: the web never loads it)
 * writes it as UTF-8 to `Directory.Documents`: on Android the shared Documents folder (on
 * Android 11+ the app may write its own files there without a permission; Android 10 and older
 * ask for storage access, declared in the manifest), on iOS the app's Documents folder, shown in
 * the Files app because Info.plist sets `UIFileSharingEnabled` and
 * `LSSupportsOpeningDocumentsInPlace`. A file of the same name is replaced. Every failure rejects
 * with a `SaveFileError`, never silently.
 */
export function createFileSaver(deps: FileSaverDeps = {}): SaveTextFile {
  const platform = deps.platform ?? currentPlatform;
  const download = deps.download ?? browserDownload;
  return async (file) => {
    const where = platform();
    if (where === 'web') {
      try {
        download(file);
      } catch (error) {
        throw new SaveFileError(messageOf(error), WEB_ADVICE, { cause: error });
      }
      return { kind: 'download', name: file.name };
    }
    const { advice, hint } = NATIVE[where];
    try {
      const { Filesystem, Directory, Encoding } = await import('@capacitor/filesystem');
      const { uri } = await Filesystem.writeFile({
        path: file.name,
        data: file.text,
        directory: Directory.Documents,
        encoding: Encoding.UTF8,
        recursive: true,
      });
      return { kind: 'file', name: file.name, location: `Documents/${file.name}`, hint, uri };
    } catch (error) {
      throw new SaveFileError(messageOf(error), advice, { cause: error });
    }
  };
}

/** The app's saver: web download in the browser, Documents on Android/iOS. */
export const saveTextFile: SaveTextFile = createFileSaver();
