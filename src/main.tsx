import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDeferredPitchService } from './audio/stream/deferred-pitch-service';
import { discardEarlyStart, startAudioEarly } from './audio/stream/early-start';
import App from './App';
import { openAboveHome } from './shell/deep-link';
import { track } from './analytics/track';
import { startPwa } from './pwa/start';
import { hasStoredAccount } from './storage';
import { getSettingsStore } from './settings';
import { importWithRetry } from './shared-ui/lazy-retry';
import { getPreferencesStore } from './settings/preferences';
import { watchTheme } from './settings-screen/theme';
import { currentPlatform } from './native';

/* Ionic's required CSS, then the optional utilities the app uses. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
// Class flavour: src/settings-screen/theme.ts follows the system or the user's choice.
import '@ionic/react/css/palettes/dark.class.css';
import './shell/global.css';

// The web listens at once: the microphone and the engine start now, before the first render, the
// AudioContext and the worklet right after the first paint, and the pitch service adopts them
// (issue 23 row 16). Native start-up asks for the microphone permission first
// (src/shell/native-start.ts).
const platform = currentPlatform();
if (platform === 'web') startAudioEarly();

// The hardware back button is dispatched by the app from its first render on Android
// (src/shell/back-dispatch.ts), not from ion-app's first idle moment, when a press can be lost.
setupIonicReact({ hardwareBackButton: false });
watchTheme(getPreferencesStore()); // before the first render: no light flash in dark mode

// The real pitch service (microphone → AudioWorklet → WASM engine, src/audio) is a chunk of its
// own (initial JS, README "Bundle size"), fetched beside the entry (index.html preloads it); calls
// wait for it. Its first attempt is also what the first render waits for (below).
let firstAttempt: Promise<typeof import('./shell/live-pitch-service')> | undefined =
  import('./shell/live-pitch-service');
const serviceCode = firstAttempt;
const pitchService = createDeferredPitchService(() =>
  importWithRetry(() => {
    const attempt = firstAttempt ?? import('./shell/live-pitch-service');
    firstAttempt = undefined; // a retry fetches again
    return attempt;
  }).then((module) => module.createLivePitchService(getSettingsStore())),
);

// A link straight to a screen opens it with home below it, before the router reads the history.
openAboveHome(window.history, window.location);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const render = () =>
  createRoot(rootElement).render(
    <StrictMode>
      <App pitchService={pitchService} />
    </StrictMode>,
  );
// The first render waits for the service's code (issue 23 row 16): the service then connects
// before React takes the main thread for the shell and the page, so the microphone's first
// readings come while they are drawn and the tuner's first frame shows the note (measured on a
// slow phone profile: docs/benchmarks.md). The code is in the first wave of requests, so this
// wait is about one task; a failed first attempt renders at once (the service reports it, with
// its Retry, and retries on the next connect).
void serviceCode.then(render, render);

// Once per app start, outside React (StrictMode runs effects twice in development). The web
// connects at once (the browser asks for the microphone itself; src/shell/startup.ts); the
// native start-up sequence is its own chunk, loaded on Android/iOS only.
(platform === 'web'
  ? pitchService.connect().catch((error: unknown) => {
      discardEarlyStart(); // the service's code did not load: nothing adopted the microphone
      throw error;
    })
  : import('./shell/native-start').then((m) => m.startNative(platform, pitchService))
).catch((error: unknown) => console.error('start-up failed', error));

track({ name: 'app_opened' }); // sent only with configuration and consent (src/analytics)
// Offline cache + update prompt (src/pwa, build/pwa.ts), after the first pitch.
startPwa(platform, pitchService);
// The account's sync only when an account is stored here (src/storage/sync): without one no sync
// code loads and nothing is sent anywhere.
if (hasStoredAccount()) {
  import('./shell/sync-loader')
    .then((m) => m.resumeSyncAfterFirstPitch(pitchService))
    .catch((error: unknown) => console.warn('sync: not started', error));
}
