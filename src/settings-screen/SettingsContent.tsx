import { useId } from 'react';
import { useObservable } from '../lib/use-observable';
import { getAnalytics } from '../analytics/analytics';
import { getSettingsStore, useSettings } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { TunerSettingsPanel } from '../tuner/TunerSettingsPanel';
import { AppPreferences } from './AppPreferences';
import '../tuner/tuner.css';
import './settings-screen.css';

/**
 * Everything the app makes configurable, persisted. The practice settings are the tuner's own
 * panel on the shared settings store (one source of truth); theme and analytics consent live in
 * the preferences store.
 */
export function SettingsContent(props: { onShowPrivacy?: () => void }) {
  const settingsStore = getSettingsStore();
  const settings = useSettings(settingsStore);
  const preferencesStore = getPreferencesStore();
  const preferences = useObservable(preferencesStore);
  const practiceId = useId();
  return (
    <>
      <section aria-labelledby={practiceId}>
        <h2 id={practiceId}>Practice</h2>
        <TunerSettingsPanel settings={settings} store={settingsStore} />
      </section>
      <AppPreferences
        preferences={preferences}
        store={preferencesStore}
        analytics={getAnalytics()}
        onShowPrivacy={props.onShowPrivacy}
      />
    </>
  );
}
