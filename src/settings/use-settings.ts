import { useSyncExternalStore } from 'react';
import { getSettingsStore, type Settings, type SettingsStore } from './settings';

/** Current settings; re-renders the calling component only when a setting changes. */
export function useSettings(store: SettingsStore = getSettingsStore()): Readonly<Settings> {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
