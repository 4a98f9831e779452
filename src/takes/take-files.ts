/** Export and import of takes: the files a player shares and brings back. */
import { shareFiles, type SharedFiles } from '../native/share-files';
import {
  baseFileName,
  extensionFor,
  parseTakeFile,
  readingsCsv,
  takeFromFile,
  takeToFile,
  TakeFileError,
  type TakeMeta,
} from './take-format';
import type { TakeStore } from './take-store';

/** Audio, readings (JSON, the importable file) and a CSV for spreadsheets. */
export async function exportTake(store: TakeStore, id: string): Promise<SharedFiles> {
  const take = await store.load(id);
  const base = baseFileName(take.meta);
  const json = JSON.stringify(takeToFile(take));
  return shareFiles(
    [
      { name: `${base}.${extensionFor(take.meta.mimeType)}`, blob: take.audio },
      { name: `${base}.json`, blob: new Blob([json], { type: 'application/json' }) },
      { name: `${base}.csv`, blob: new Blob([readingsCsv(take.readings)], { type: 'text/csv' }) },
    ],
    take.meta.name,
  );
}

const isJson = (file: File): boolean =>
  /\.json$/i.test(file.name) || file.type === 'application/json';

/**
 * Imports a take from its JSON and audio files chosen together. Everything is validated before
 * anything is stored; a problem throws a TakeFileError naming it (nothing is lost or half-added).
 */
export async function importTake(
  store: TakeStore,
  files: readonly File[],
  newId: () => string,
): Promise<TakeMeta> {
  const jsons = files.filter(isJson);
  if (jsons.length !== 1) {
    throw new TakeFileError(
      jsons.length === 0
        ? 'choose the take’s .json file together with its audio file'
        : 'choose one take at a time (one .json file)',
    );
  }
  const file = parseTakeFile(await jsons[0].text());
  const others = files.filter((f) => !isJson(f));
  const audio =
    others.find((f) => f.name === file.audio.fileName) ??
    (others.length === 1 ? others[0] : undefined);
  if (!audio) {
    throw new TakeFileError(`choose the audio file ${file.audio.fileName} together with the .json`);
  }
  const take = takeFromFile(file, audio, newId());
  const existing = await store.list();
  if (
    existing.some((m) => m.startedAtMs === take.meta.startedAtMs && m.bytes === take.meta.bytes)
  ) {
    throw new TakeFileError('this take is already in your takes');
  }
  await store.add(take);
  return take.meta;
}
