import { describe, expect, it } from 'vitest';
import { ago, refusedText, syncStatusText } from './sync-status-text';

const NOW = Date.parse('2026-12-02T10:00:00Z');

describe('the sync status line, as a player reads it', () => {
  it.each([
    [{ state: 'no-account' }, 'Not signed in: everything stays on this device.'],
    [{ state: 'syncing', waiting: 0, lastSyncedAtMs: null }, 'Syncing…'],
    [{ state: 'syncing', waiting: 3, lastSyncedAtMs: null }, 'Syncing… 3 changes waiting'],
    [{ state: 'synced', atMs: NOW - 5_000, waiting: 0 }, 'Synced just now'],
    [{ state: 'synced', atMs: NOW - 125_000, waiting: 0 }, 'Synced 2 min ago'],
    [{ state: 'synced', atMs: NOW - 125_000, waiting: 1 }, 'Synced 2 min ago · 1 change waiting'],
    [
      { state: 'offline', waiting: 3, lastSyncedAtMs: NOW - 3 * 3_600_000 },
      'Offline: 3 changes waiting (last synced 3 h ago). It syncs when the server answers again.',
    ],
    [
      { state: 'offline', waiting: 0, lastSyncedAtMs: null },
      'Offline: nothing waiting. It syncs when the server answers again.',
    ],
    [
      { state: 'paused', waiting: 2, message: 'Your session has ended: sign in again to sync.' },
      'Sync paused: sign in again (2 changes waiting).',
    ],
    [
      { state: 'error', waiting: 0, message: 'Sending changes: the server said 500.' },
      'Sync failed: Sending changes: the server said 500. It tries again by itself.',
    ],
  ] as const)('%j reads "%s"', (status, text) => {
    expect(syncStatusText(status, NOW, 'en-GB')).toBe(text);
  });

  it('names a day for a sync more than a day ago', () => {
    expect(ago(Date.parse('2026-11-28T09:00:00Z'), NOW, 'en-GB')).toBe('on 28 Nov');
  });

  it('says what the server refused and that it stayed on the device', () => {
    expect(refusedText([])).toBeNull();
    expect(
      refusedText([
        { id: 'piece:p1', reason: 'Document too large: 5000000 characters; at most 4194304.' },
      ]),
    ).toBe(
      'One piece stayed on this device: the server refused it (Document too large: 5000000 characters; at most 4194304.).',
    );
    expect(
      refusedText([
        { id: 'attempt:a', reason: 'x' },
        { id: 'attempt:b', reason: 'x' },
      ]),
    ).toBe('2 items stayed on this device: the server refused them (x).');
  });
});
