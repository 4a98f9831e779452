/**
 * The account's sync, composed: the sync service (src/storage/sync) with every kind of record the
 * app keeps registered on it: the history's attempts, the pieces and their attempts, takes' details
 * (their audio stays where it was recorded), the practice settings, the theme, the daily goal and
 * the metronome's presets (the analytics consent and the reminders stay on each device). Loaded only when an account
 * is stored or the account screen opens: nothing here is in the first page's code.
 */
import { getCompanionPrefs } from '../companion/companion-prefs';
import { getMetronomeStore } from '../companion/metronome-store';
import { getHistoryStore } from '../history/history-db';
import { historySyncSource } from '../history/history-sync';
import { getPieceStore } from '../pieces/piece-store';
import { piecesSyncSources } from '../pieces/pieces-sync';
import { getSettingsStore } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { persistedSyncSource } from '../settings/settings-sync';
import { getSyncService, type SyncService } from '../storage/sync';
import { getTakeStore } from '../takes/take-store';
import { takesSyncSource } from '../takes/takes-sync';

let registered = false;

export function appSync(): SyncService {
  const service = getSyncService();
  if (!registered) {
    registered = true;
    service.register(historySyncSource(getHistoryStore()));
    for (const source of piecesSyncSources(getPieceStore())) service.register(source);
    service.register(takesSyncSource(getTakeStore()));
    service.register(
      persistedSyncSource([
        { name: 'settings', store: getSettingsStore() },
        { name: 'preferences', store: getPreferencesStore(), localOnly: ['analyticsConsent'] },
        // The daily goal and streaks follow the player; reminders are set per device.
        {
          name: 'companion',
          store: getCompanionPrefs(),
          localOnly: ['remindersOn', 'reminderDays', 'reminderTime'],
        },
        { name: 'metronome', store: getMetronomeStore() },
      ]),
    );
  }
  return service;
}

/** Resumes the stored account's sync (start-up, after the first pitch). */
export function resumeSync(): void {
  appSync().start();
}
