/**
 * The sync's status in words, for the account screen's status line: one sentence, with nothing
 * hidden (what waits, since when, what the server refused).
 */
import type { Refusal, SyncStatus } from '../storage/sync';

const changes = (n: number): string => `${n} change${n === 1 ? '' : 's'} waiting`;

/** "just now", "2 min ago", "3 h ago", "on 2 Dec" (the player's locale). */
export function ago(atMs: number, nowMs: number, locales?: string | string[]): string {
  const seconds = Math.max(0, Math.round((nowMs - atMs) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return 'on ' + new Date(atMs).toLocaleDateString(locales, { day: 'numeric', month: 'short' });
}

export function syncStatusText(
  status: SyncStatus,
  nowMs: number,
  locales?: string | string[],
): string {
  switch (status.state) {
    case 'no-account':
      return 'Not signed in: everything stays on this device.';
    case 'syncing':
      return status.waiting > 0 ? `Syncing… ${changes(status.waiting)}` : 'Syncing…';
    case 'synced':
      return (
        `Synced ${ago(status.atMs, nowMs, locales)}` +
        (status.waiting > 0 ? ` · ${changes(status.waiting)}` : '')
      );
    case 'offline':
      return (
        `Offline: ${status.waiting > 0 ? changes(status.waiting) : 'nothing waiting'}` +
        (status.lastSyncedAtMs !== null
          ? ` (last synced ${ago(status.lastSyncedAtMs, nowMs, locales)})`
          : '') +
        '. It syncs when the server answers again.'
      );
    case 'paused':
      return `Sync paused: sign in again${status.waiting > 0 ? ` (${changes(status.waiting)})` : ''}.`;
    case 'error':
      return `Sync failed: ${status.message} It tries again by itself${status.waiting > 0 ? ` (${changes(status.waiting)})` : ''}.`;
  }
}

const KIND_NAMES: Record<string, string> = {
  attempt: 'attempt',
  piece: 'piece',
  pieceAttempt: 'piece attempt',
  take: 'take',
  record: 'setting',
};

/** What the server refused, in words (kept on this device); null when nothing was. */
export function refusedText(refused: readonly Refusal[]): string | null {
  if (refused.length === 0) return null;
  const kind = KIND_NAMES[refused[0].id.slice(0, refused[0].id.indexOf(':'))] ?? 'item';
  const first = `${refused.length === 1 ? `One ${kind}` : `${refused.length} items`} stayed on this device: the server refused ${refused.length === 1 ? 'it' : 'them'} (${refused[0].reason})`;
  return first.endsWith('.') || first.endsWith(')') ? first + '.' : first;
}
