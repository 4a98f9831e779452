import { useId } from 'react';
import { useObservable } from '../lib/use-observable';
import { getAnalytics } from '../analytics/analytics';
import { getSettingsStore, useSettings } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { TunerSettingsPanel } from '../tuner/TunerSettingsPanel';
import { LatencyCalibration } from '../shared-ui/latency/LatencyCalibration';
import { AccountPanel } from './AccountPanel';
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
  const audioId = useId();
  return (
    <>
      <section aria-labelledby={practiceId}>
        <h2 id={practiceId}>Practice</h2>
        <TunerSettingsPanel settings={settings} store={settingsStore} />
      </section>
      <section aria-labelledby={audioId} data-testid="settings-audio">
        <h2 id={audioId}>Audio</h2>
        <LatencyCalibration />
      </section>
      <AccountPanel />
      <AppPreferences
        preferences={preferences}
        store={preferencesStore}
        analytics={getAnalytics()}
        onShowPrivacy={props.onShowPrivacy}
      />
    </>
  );
}
