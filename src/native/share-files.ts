/**
 * Hands exported files (a take's audio, its readings as JSON and CSV) to the user. Web: the
 * browser's download, one per file. Android/iOS: written to the app's cache with
 * `@capacitor/filesystem`, then the system share sheet (`@capacitor/share`) so the player picks
 * where they go (Files, mail, a teacher's chat). Both plugins are imported on first use, native only.
 */
import { currentPlatform, type Platform } from './platform';
import { SaveFileError } from './save-file';
import { base64Of } from '../lib/base64';

export interface BinaryFile {
  name: string;
  blob: Blob;
}

export type SharedFiles =
  { kind: 'download'; names: string[] } | { kind: 'shared'; names: string[] };

export interface ShareDeps {
  platform?: () => Platform;
  download?: (file: BinaryFile) => void;
}

export function downloadBlob(file: BinaryFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // The download reads the blob asynchronously: revoke later, not now.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function createFileSharer(deps: ShareDeps = {}) {
  const platform = deps.platform ?? currentPlatform;
  const download = deps.download ?? downloadBlob;
  return async (files: readonly BinaryFile[], title: string): Promise<SharedFiles> => {
    const names = files.map((f) => f.name);
    if (platform() === 'web') {
      try {
        for (const file of files) download(file);
      } catch (error) {
        throw new SaveFileError(
          error instanceof Error ? error.message : String(error),
          'Check that this browser allows downloads from this site, then try again.',
          { cause: error },
        );
      }
      return { kind: 'download', names };
    }
    try {
      const { Filesystem, Directory } = await import('@capacitor/filesystem');
      const { Share } = await import('@capacitor/share');
      const uris: string[] = [];
      for (const file of files) {
        const { uri } = await Filesystem.writeFile({
          path: `exports/${file.name}`,
          data: await base64Of(file.blob),
          directory: Directory.Cache,
          recursive: true,
        });
        uris.push(uri);
      }
      await Share.share({ title, files: uris, dialogTitle: title });
      return { kind: 'shared', names };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Closing the share sheet is a choice, not a failure.
      if (/cancel/i.test(message)) return { kind: 'shared', names: [] };
      throw new SaveFileError(message, 'Make sure the device has free space, then try again.', {
        cause: error,
      });
    }
  };
}

export const shareFiles = createFileSharer();
