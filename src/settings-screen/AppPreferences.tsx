import type { Analytics, AnalyticsState } from '../analytics/analytics';
import { useId } from 'react';
import { useObservable } from '../lib/use-observable';
import {
  THEMES,
  type Preferences,
  type PreferencesStore,
  type Theme,
} from '../settings/preferences';

const THEME_LABELS: Record<Theme, string> = {
  system: 'Same as the system',
  light: 'Light',
  dark: 'Dark',
};

const ANALYTICS_NOTES: Record<AnalyticsState, string> = {
  unconfigured: 'This build has no analytics configured: nothing is collected or sent.',
  off: 'Off: nothing is loaded or sent.',
  loading: 'Starting…',
  on: 'On. Sent: app opened, tuner started, exercise completed (type and score). Never audio, never who you are.',
  unavailable:
    'Analytics cannot run here (blocked, offline or unsupported); the app works the same.',
};

/** Theme and analytics consent, on the app preferences store (src/settings/preferences.ts). */
export function AppPreferences(props: {
  preferences: Readonly<Preferences>;
  store: PreferencesStore;
  analytics: Pick<Analytics, 'state'>;
  /** Opens the privacy page (what is stored on the device, what is sent). */
  onShowPrivacy?: () => void;
}) {
  const { preferences, store } = props;
  const analyticsState = useObservable(props.analytics.state);
  const configured = analyticsState !== 'unconfigured';
  const appearanceId = useId();
  const privacyId = useId();
  return (
    <>
      <section aria-labelledby={appearanceId}>
        <h2 id={appearanceId}>Appearance</h2>
        <div className="tuner-settings">
          <label className="tuner-field">
            <span>Theme</span>
            <select
              data-testid="theme"
              value={preferences.theme}
              onChange={(event) => store.update({ theme: event.target.value as Theme })}
            >
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {THEME_LABELS[theme]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </section>
      <section aria-labelledby={privacyId}>
        <h2 id={privacyId}>Privacy</h2>
        <div className="tuner-settings">
          <label className="tuner-field tuner-field--inline">
            <input
              data-testid="analytics-consent"
              type="checkbox"
              disabled={!configured}
              checked={configured && preferences.analyticsConsent}
              onChange={(event) => store.update({ analyticsConsent: event.target.checked })}
            />
            <span>Share anonymous usage statistics</span>
          </label>
        </div>
        <p
          className="settings-screen__note"
          data-testid="analytics-state"
          data-state={analyticsState}
        >
          {ANALYTICS_NOTES[analyticsState]}
        </p>
        {props.onShowPrivacy && (
          <button
            type="button"
            className="settings-screen__link"
            data-testid="open-privacy"
            onClick={props.onShowPrivacy}
          >
            What is stored and sent: privacy
          </button>
        )}
      </section>
    </>
  );
}
