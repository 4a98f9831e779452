/**
 * What a synced document is: the one definition the app's sync engine writes and the server's
 * validation function (server/design.ts) accepts. Imports nothing, so the server (Node) reads it
 * as it is.
 *
 * Every document is `{ _id: "<kind>:<key>", kind, updatedAtMs, data }`: `data` is the record as the
 * device stores it (an attempt, a piece with its score, a take's metadata, a settings record),
 * `updatedAtMs` the epoch ms of the edit it carries (the conflict rules compare it).
 */

/**
 * The kinds of synced documents. `device` is a record one device alone writes (its practice
 * minutes, its finished routines: summed across devices, never overwritten); `takeAudio` a take's
 * audio and trace as attachments, sent only when the player keeps that take's audio in the account.
 */
export const SYNC_KINDS = [
  'attempt',
  'piece',
  'pieceAttempt',
  'take',
  'record',
  'device',
  'takeAudio',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/**
 * The largest document the server accepts, as JSON characters. A piece carries its whole score,
 * the largest document the app makes; one over this is refused with the reason and stays on the
 * device (the account screen says so).
 */
export const MAX_DOC_CHARS = 4 * 1024 * 1024;

/**
 * The most a take's audio and trace may be in the account, in bytes (a 30-minute Opus take is
 * about 15 MB of audio and 10 MB of trace; a PCM take is ten times larger per minute). A larger
 * take stays on its device, and the takes list says why. Sent in one request, base64 inline (so a
 * take is in the account whole or not at all): the server's request limit is 4/3 of this and more.
 */
export const MAX_TAKE_AUDIO_BYTES = 32 * 1024 * 1024;
/** The attachments a `takeAudio` document carries: the audio and the trace (readings, notes). */
export const TAKE_AUDIO_ATTACHMENTS = ['audio', 'trace'] as const;

/** A key inside a kind: what follows "<kind>:" in the id (non-empty, at most 512 characters). */
export const MAX_KEY_CHARS = 512;

export interface SyncDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  kind: SyncKind;
  /** Epoch ms of the edit this version carries. */
  updatedAtMs: number;
  data: unknown;
}

/**
 * The account's database: `userdb-` and the name's UTF-8 bytes in hex, as CouchDB's couch_peruser
 * names it (the app, the embedded server and server:setup all use this one).
 */
export function userDbName(name: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(name)) hex += byte.toString(16).padStart(2, '0');
  return 'userdb-' + hex;
}

export function syncDocId(kind: SyncKind, key: string): string {
  return `${kind}:${key}`;
}

/** The kind and key of an id, or null for an id that is not a synced document's. */
export function parseSyncDocId(id: string): { kind: SyncKind; key: string } | null {
  const colon = id.indexOf(':');
  if (colon < 0) return null;
  const kind = id.slice(0, colon) as SyncKind;
  const key = id.slice(colon + 1);
  if (!SYNC_KINDS.includes(kind) || key.length === 0 || key.length > MAX_KEY_CHARS) return null;
  return { kind, key };
}
