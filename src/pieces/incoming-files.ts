/**
 * Files handed to the app from outside (Android/iOS "Open with" and Share, src/native/opened-files.ts)
 * waiting for the pieces library, which imports them exactly as a file from its picker. Small on
 * purpose: the shell's listener puts files here without loading the library's code.
 */
import { createObservable, type ReadonlyObservable } from '../lib/observable';

/** What the library's import reads: a picked `File` or a file opened with the app. */
export type IncomingFile = Pick<File, 'name' | 'size' | 'arrayBuffer'>;

const queue = createObservable<readonly IncomingFile[]>([]);

/** Files waiting, oldest first. */
export const incomingFiles: ReadonlyObservable<readonly IncomingFile[]> = queue;

export function addIncomingFile(file: IncomingFile): void {
  queue.set([...queue.get(), file]);
}

/** The oldest waiting file, removed from the queue; undefined when none waits. */
export function takeIncomingFile(): IncomingFile | undefined {
  const [first, ...rest] = queue.get();
  if (first) queue.set(rest);
  return first;
}

/** A name the library recognises, or null for a file to read as it is. */
const KNOWN = /\.(musicxml|xml|mxl|json)$/i;

/**
 * Android's content providers often give a shared file no name with an extension (a mail
 * attachment's `content://…/attachments/0`): the first bytes say what it is, as the readers will
 * check anyway: a zip (`PK\3\4`, a compressed .mxl), XML (`<`, after a byte-order mark and spaces)
 * or an assignment's JSON (`{`). Anything else keeps its name and is refused as any other file.
 */
export function nameByContent(name: string, firstBytes: Uint8Array): string {
  if (KNOWN.test(name)) return name;
  const base = name.replace(/\.[^.]*$/, '') || 'shared file';
  let i = firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf ? 3 : 0;
  if (firstBytes[0] === 0x50 && firstBytes[1] === 0x4b && firstBytes[2] === 3) return `${base}.mxl`;
  while (i < firstBytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(firstBytes[i])) i++;
  if (firstBytes[i] === 0x3c) return `${base}.musicxml`; // <
  if (firstBytes[i] === 0x7b) return `${base}.json`; // {
  return name;
}

/**
 * The file under a name the library recognises: unchanged when it has one, else named from its
 * first bytes (read once, kept for the import; never for a file too large to import).
 */
export async function withRecognisedName(
  file: IncomingFile,
  maxBytes: number,
): Promise<IncomingFile> {
  if (KNOWN.test(file.name) || file.size === 0 || file.size > maxBytes) return file;
  const buffer = await file.arrayBuffer();
  return {
    name: nameByContent(file.name, new Uint8Array(buffer, 0, Math.min(64, buffer.byteLength))),
    size: buffer.byteLength,
    // A copy each time: the import hands its buffer to the worker (which detaches it), and a
    // file with several parts is read again for the part chosen.
    arrayBuffer: async () => buffer.slice(0),
  };
}
