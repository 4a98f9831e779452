import { useObservable } from '../lib/use-observable';
import { getSettingsStore, type Settings, type SettingsStore } from './settings';

/** Current settings; re-renders the calling component only when a setting changes. */
export function useSettings(store: SettingsStore = getSettingsStore()): Readonly<Settings> {
  return useObservable(store);
}
