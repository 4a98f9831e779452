/**
 * A take's audio in the account, only when the player asks (issue 35: "a take's audio only when
 * the player turns it on, per take or for all"): the device holding the audio sends it with its
 * trace as one document's attachments (`takeAudio:<id>`, whole or not at all), and says so in the
 * take's details (`audioInAccount`); a device that lists the take as recorded elsewhere fetches
 * them and can play it. Turning the choice off removes them from the account (the device keeps
 * its own). Audio of a take deleted everywhere is removed from the account.
 *
 * It runs after each cycle of the account's sync (sync-service.ts `registerFiles`), so a take's
 * details reach the server before its audio, and a device has every take's details before it
 * decides that audio in the account has no take any more.
 */
import {
  MAX_TAKE_AUDIO_BYTES,
  syncDocId,
  type FileRemote,
  type FileTransfer,
  type Refusal,
  type SyncDoc,
} from '../storage/sync';
import { wantsAudioInAccount } from './take-audio-status';
import type { TakeMeta, TakeNote } from './take-format';
import type { TakeStore } from './take-store';

const PREFIX = 'takeAudio:';

export interface TakeAudioChoice {
  /** The preference for every take (a take's own choice overrides it). */
  keepAll(): boolean;
  subscribe(listener: () => void): () => void;
}

const megabytes = (bytes: number): string => (bytes / 1_000_000).toFixed(1) + ' MB';

/** Why a take's audio is not sent, in the player's words (one sentence). */
export function tooLargeReason(meta: Pick<TakeMeta, 'name'>, bytes: number): string {
  return `“${meta.name}” is ${megabytes(bytes)} with its trace; the account keeps takes up to ${megabytes(MAX_TAKE_AUDIO_BYTES)}, so its audio stays on this device.`;
}

/** The trace (readings and notes) as the `trace` attachment holds it, or null when malformed. */
export function parseTrace(text: string): { readings: number[]; notes: TakeNote[] } | null {
  try {
    const raw = JSON.parse(text) as { readings?: unknown; notes?: unknown };
    const numbers = (v: unknown): v is number[] =>
      Array.isArray(v) && v.every((n) => typeof n === 'number');
    if (!numbers(raw.readings) || !Array.isArray(raw.notes)) return null;
    const notes = raw.notes.filter(
      (n): n is TakeNote =>
        typeof n === 'object' &&
        n !== null &&
        ['onsetMs', 'offsetMs', 'hz'].every(
          (f) => typeof (n as Record<string, unknown>)[f] === 'number',
        ),
    );
    return { readings: raw.readings, notes };
  } catch {
    return null;
  }
}

export function takeAudioTransfer(store: TakeStore, choice: TakeAudioChoice): FileTransfer {
  /** Refusals by take id, with the size refused (not sent again until the take changes). */
  const refusedHere = new Map<string, Refusal>();
  let takesRemoved = true;

  const send = async (remote: FileRemote, meta: TakeMeta): Promise<Refusal | null> => {
    const id = syncDocId('takeAudio', meta.id);
    const take = await store.load(meta.id);
    const trace = new Blob([JSON.stringify({ readings: take.readings, notes: take.notes })], {
      type: 'application/json',
    });
    const bytes = take.audio.size + trace.size;
    if (bytes > MAX_TAKE_AUDIO_BYTES) return { id, reason: tooLargeReason(meta, bytes) };
    const doc: SyncDoc = {
      _id: id,
      kind: 'takeAudio',
      updatedAtMs: Date.now(),
      data: { takeId: meta.id, mimeType: meta.mimeType, bytes: take.audio.size },
    };
    const result = await remote.putWithFiles(doc, { audio: take.audio, trace });
    if ('refused' in result) return { id, reason: `“${meta.name}”: ${result.refused}` };
    await store.markAudioInAccount(meta.id, true);
    return null;
  };

  const fetchAudio = async (remote: FileRemote, meta: TakeMeta): Promise<boolean> => {
    const id = syncDocId('takeAudio', meta.id);
    const audio = await remote.file(id, 'audio');
    const traceFile = audio ? await remote.file(id, 'trace') : null;
    // Not there (removed meanwhile, or still on its way from the other device): next cycle.
    if (!audio || !traceFile) return false;
    const trace = parseTrace(await traceFile.text());
    if (!trace) return false;
    await store.putSyncedAudio(
      meta.id,
      audio.type ? audio : new Blob([audio], { type: meta.mimeType }),
      trace,
    );
    return true;
  };

  /** Audio in the account whose take is gone here and from the account: removed. */
  const sweep = async (remote: FileRemote, metas: readonly TakeMeta[]): Promise<void> => {
    const here = new Set(metas.map((m) => m.id));
    const orphans = (await remote.ids(PREFIX))
      .map((id) => id.slice(PREFIX.length))
      .filter((takeId) => !here.has(takeId));
    if (orphans.length === 0) return;
    const present = new Set(
      (await remote.get(orphans.map((takeId) => syncDocId('take', takeId)))).map((d) => d._id),
    );
    for (const takeId of orphans) {
      if (!present.has(syncDocId('take', takeId))) await remote.remove(PREFIX + takeId);
    }
  };

  return {
    async run(remote, cycle) {
      const metas = (await store.list()).filter((m) => m.state !== 'recording');
      const keepAll = choice.keepAll();
      const refused: Refusal[] = [];
      for (const meta of metas) {
        const wanted = wantsAudioInAccount(meta, keepAll);
        if (meta.elsewhere) {
          // A fetch that finds nothing (taken back meanwhile) is tried again next cycle; it is not
          // a change of this device's waiting to be sent, so it is not counted as one.
          if (meta.audioInAccount) await fetchAudio(remote, meta);
          continue;
        }
        if (wanted && !meta.audioInAccount) {
          const known = refusedHere.get(meta.id);
          if (known) {
            refused.push(known);
            continue;
          }
          const refusal = await send(remote, meta);
          if (refusal) {
            refusedHere.set(meta.id, refusal);
            refused.push(refusal);
          }
        } else if (!wanted && meta.audioInAccount) {
          await remote.remove(syncDocId('takeAudio', meta.id));
          await store.markAudioInAccount(meta.id, false);
        }
      }
      if (cycle.full || takesRemoved) {
        takesRemoved = false;
        await sweep(remote, metas);
      }
      return { refused };
    },
    subscribe(listener) {
      const offTakes = store.changes.subscribe((ids) => {
        if (ids === 'all') refusedHere.clear();
        else for (const id of ids) refusedHere.delete(id);
        // A take deleted here (or anything else): look for audio without a take on the next run.
        takesRemoved = true;
        listener();
      });
      const offChoice = choice.subscribe(listener);
      return () => {
        offTakes();
        offChoice();
      };
    },
  };
}
