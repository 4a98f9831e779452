/**
 * The account's sync, composed: the sync service (src/storage/sync) with every kind of record the
 * app keeps registered on it: the history's attempts, the pieces and their attempts, takes' details
 * (their audio only when the player keeps it in the account), the practice settings, the theme,
 * the daily goal, the metronome's presets, the routine, the exercises' setups, the drone's sound,
 * and each device's practice minutes and finished routines (the analytics consent and the
 * reminders stay on each device). Loaded only when an account is stored or the account screen
 * opens: nothing here is in the first page's code.
 */
import { getCompanionPrefs } from '../companion/companion-prefs';
import { getMetronomeStore } from '../companion/metronome-store';
import { getPracticeDaysStore } from '../companion/practice-recorder';
import { getRoutineDaysStore } from '../companion/routine-days-store';
import { getRoutineItem } from '../exercise/routine/routine-store';
import { setupMemories } from '../exercise/setup-memory';
import { getHistoryStore } from '../history/history-db';
import { historySyncSource } from '../history/history-sync';
import { getPieceStore } from '../pieces/piece-store';
import { piecesSyncSources } from '../pieces/pieces-sync';
import { getSettingsStore } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { itemRecord, persistedSyncSource } from '../settings/settings-sync';
import { deviceId } from '../storage/device-id';
import { deviceSyncSource, getSyncService, type SyncService } from '../storage/sync';
import { getDroneItem } from '../tuner/drone-options';
import { getTakeStore } from '../takes/take-store';
import { takeAudioTransfer } from '../takes/take-audio-sync';
import { takesSyncSource } from '../takes/takes-sync';

let registered = false;

export function appSync(): SyncService {
  const service = getSyncService();
  if (!registered) {
    registered = true;
    service.register(historySyncSource(getHistoryStore()));
    for (const source of piecesSyncSources(getPieceStore())) service.register(source);
    service.register(takesSyncSource(getTakeStore()));
    const preferences = getPreferencesStore();
    service.registerFiles(
      takeAudioTransfer(getTakeStore(), {
        keepAll: () => preferences.get().takeAudioInAccount,
        subscribe: (listener) => preferences.subscribe(listener),
      }),
    );
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
        { name: 'routine', store: itemRecord(getRoutineItem()) },
        { name: 'drone', store: itemRecord(getDroneItem()) },
        ...Object.entries(setupMemories()).map(([exercise, memory]) => ({
          name: 'setup.' + exercise,
          store: memory.store,
        })),
      ]),
    );
    // Minutes and finished routines: each device sends its own, Progress adds them up.
    service.register(
      deviceSyncSource(deviceId(), [
        { name: 'practice-days', record: getPracticeDaysStore().device },
        { name: 'routine-days', record: getRoutineDaysStore().device },
      ]),
    );
  }
  return service;
}

/** Resumes the stored account's sync (start-up, after the first pitch). */
export function resumeSync(): void {
  appSync().start();
}
