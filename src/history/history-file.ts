import { SaveFileError, type SaveTextFile } from '../native/save-file';
import { describeStorageError, type HistoryStore } from './history-db';
import { parseExport, toExport, type AttemptRecord } from './records';

/** What the history view tells the user after an export or an import. */
export interface HistoryMessage {
  text: string;
  error: boolean;
}

/**
 * Other data of the player's kept beside the history (the pieces library, issue 25) travels in the
 * same file, under its own top-level key. A section registers itself (from the shell, so the
 * history knows nothing of it); files without the key import as before.
 */
export interface ExportSection {
  /** The section's data for the file (JSON-able). */
  export(): Promise<unknown>;
  /** Imports the section's data from a file; resolves to a sentence for the player. */
  import(data: unknown): Promise<string>;
  /**
   * What the section holds, in words for the export's message ("2 pieces with 5 attempts"), or
   * null when it holds nothing. Data here enables Export even with no exercise attempt.
   */
  contents?(): Promise<string | null>;
}
const sections = new Map<string, ExportSection>();
/** Returns the function that unregisters it. */
export function registerExportSection(key: string, section: ExportSection): () => void {
  sections.set(key, section);
  return () => sections.delete(key);
}

/** What the registered sections hold, in words (the empty ones left out). Never rejects. */
export async function exportSectionContents(): Promise<string[]> {
  const said: string[] = [];
  for (const section of sections.values()) {
    const words = await section.contents?.().catch(() => null);
    if (words) said.push(words);
  }
  return said;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `embouchure-history-YYYY-MM-DD.json`, the player's local date: one file per day, replaced. */
export function exportFileName(now: Date): string {
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `embouchure-history-${day}.json`;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message.replace(/\.$/, '');
  return String(error);
}

/**
 * Exports every attempt as JSON through `save` (injected: the app passes `saveTextFile` from
 * `src/native`, tests a fake) and says where the file went, or why it did not. Never throws.
 */
export async function exportHistory(
  attempts: readonly AttemptRecord[],
  save: SaveTextFile,
  now = new Date(),
): Promise<HistoryMessage> {
  const name = exportFileName(now);
  try {
    const extra: Record<string, unknown> = {};
    for (const [key, section] of sections) extra[key] = await section.export();
    const text = JSON.stringify({ ...toExport(attempts, now), ...extra }, null, 1);
    const saved = await save({ name, text, mimeType: 'application/json' });
    const plural = attempts.length === 1 ? '' : 's';
    const more = await exportSectionContents();
    // Says what the file holds: the exercise attempts, and what else travels with them.
    const count =
      more.length === 0
        ? `${attempts.length} attempt${plural}`
        : [`${attempts.length} exercise attempt${plural}`, ...more].join('; ');
    return saved.kind === 'file'
      ? { text: `Saved to ${saved.location} (${count}). ${saved.hint}`, error: false }
      : {
          text: `Downloaded ${saved.name} (${count}): see your browser's downloads.`,
          error: false,
        };
  } catch (error) {
    const advice = error instanceof SaveFileError ? error.advice : 'Please try again.';
    const reason = error instanceof SaveFileError ? error.reason : reasonOf(error);
    return { text: `Export failed, nothing was saved: ${reason}. ${advice}`, error: true };
  }
}

/**
 * Imports an export file chosen by the user into `history`. All or nothing; every failure
 * (unreadable file, not an export, storage refused) becomes a message. Never throws.
 */
export async function importHistory(
  file: Pick<File, 'name' | 'text'>,
  history: Pick<HistoryStore, 'importAttempts'>,
): Promise<HistoryMessage> {
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return {
      text: `Could not read "${file.name}", nothing was imported: ${reasonOf(error)}. Choose the file again (an Embouchure export, .json).`,
      error: true,
    };
  }
  const parsed = parseExport(text);
  if (!parsed.ok) return { text: parsed.error, error: true };
  try {
    const added = await history.importAttempts(parsed.value);
    const more: string[] = [];
    if (sections.size > 0) {
      const raw = JSON.parse(text) as Record<string, unknown>;
      for (const [key, section] of sections) {
        if (raw[key] !== undefined) more.push(await section.import(raw[key]));
      }
    }
    return {
      text: [
        `Imported ${added} new attempt${added === 1 ? '' : 's'} (${parsed.value.length - added} already here).`,
        ...more,
      ].join(' '),
      error: false,
    };
  } catch (error) {
    return { text: importFailure(error, parsed.value.length), error: true };
  }
}

/** Why storage refused an import, in words (never a raw DOMException name). */
function importFailure(error: unknown, count: number): string {
  const status = describeStorageError(error);
  const what = `${count} attempt${count === 1 ? '' : 's'}`;
  switch (status.state) {
    case 'full':
      return `Not enough storage space to import ${what}: nothing was changed. Free some space on this device (or export and clear old data), then try again.`;
    case 'busy':
      return `Import failed, nothing was changed: ${status.message}`;
    default:
      return `Import failed, nothing was changed: ${reasonOf(error)}.`;
  }
}
