import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useSyncExternalStore } from 'react';
import { getAnalytics } from '../analytics/analytics';
import { usePitchService } from '../app/pitch-service-context';
import { getSettingsStore, useSettings } from '../settings';
import { getPreferencesStore } from '../settings/preferences';
import { AppPreferences } from '../settings-screen/AppPreferences';
import { TunerSettingsPanel } from '../tuner/TunerSettingsPanel';
import '../tuner/tuner.css';
import '../settings-screen/settings-screen.css';

/**
 * `/home/settings`: everything the app makes configurable, persisted. The practice settings are
 * the tuner's own panel on the shared settings store (one source of truth); theme and analytics
 * consent live in the preferences store.
 */
export default function SettingsPage() {
  const service = usePitchService();
  const settingsStore = getSettingsStore();
  const settings = useSettings(settingsStore);
  const preferencesStore = getPreferencesStore();
  const preferences = useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Settings</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding settings-screen">
        <section aria-labelledby="settings-practice">
          <h2 id="settings-practice">Practice</h2>
          <TunerSettingsPanel settings={settings} store={settingsStore} service={service} />
        </section>
        <AppPreferences
          preferences={preferences}
          store={preferencesStore}
          analytics={getAnalytics()}
        />
      </IonContent>
    </IonPage>
  );
}
