/**
 * Imports a score file for the library: checks what can be checked without reading it (name,
 * size), then parses it in a worker (`import.worker.ts`). Resolves to the score, the parts to
 * choose from, or the reason it was refused; never rejects.
 */
import { MAX_SCORE_FILE_BYTES } from '../music';
import type { ImportAnswer, ImportRequest } from './import-messages';

const SCORE_FILE = /\.(musicxml|xml|mxl)$/i;
const MB = 1024 * 1024;

/** Why a file is refused before reading it, or null. */
export function refuseBeforeReading(file: { name: string; size: number }): string | null {
  if (!SCORE_FILE.test(file.name)) {
    return `"${file.name}" is not a MusicXML file: choose a .musicxml, .xml or .mxl file (from MuseScore, Finale, Sibelius or Dorico: File › Export › MusicXML).`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (file.size > MAX_SCORE_FILE_BYTES) {
    return `"${file.name}" is too large (${Math.round(file.size / MB)} MB; at most ${MAX_SCORE_FILE_BYTES / MB} MB). Export only the trumpet part.`;
  }
  return null;
}

const startWorker = (): Worker =>
  new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
let spare: Worker | null = null;

/** Starts the next import's worker ahead (its script loaded while the player picks a file). */
export function prewarmImportWorker(): void {
  try {
    spare ??= startWorker();
  } catch {
    spare = null; // parseInWorker says why when it is needed
  }
}

/** Parses in a fresh worker (ended after the answer, so a huge file's memory goes with it). */
export function parseInWorker(request: ImportRequest): Promise<ImportAnswer> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = spare ?? startWorker();
      spare = null;
    } catch (error) {
      resolve({ kind: 'refused', reason: `The file reader could not start (${String(error)}).` });
      return;
    }
    worker.onmessage = (event: MessageEvent<ImportAnswer>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ kind: 'refused', reason: `The file reader failed (${event.message}).` });
    };
    worker.postMessage(request, [request.bytes.buffer]);
  });
}

export async function importScoreFile(
  file: Pick<File, 'name' | 'size' | 'arrayBuffer'>,
  partId?: string,
): Promise<ImportAnswer> {
  const refused = refuseBeforeReading(file);
  if (refused) return { kind: 'refused', reason: refused };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { kind: 'refused', reason: `"${file.name}" could not be read: ${String(error)}.` };
  }
  return parseInWorker({ name: file.name, bytes, partId });
}
