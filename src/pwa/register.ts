import { registerSW } from 'virtual:pwa-register';
import { createObservable, type ReadonlyObservable } from '../lib/observable';

export interface PwaStatus {
  /** Everything is precached: the app now works with no network. */
  offlineReady: boolean;
  /** A new version is installed and waits for the user's go (the update prompt). */
  updateAvailable: boolean;
}

const status = createObservable<PwaStatus>({ offlineReady: false, updateAvailable: false });
export const pwaStatus: ReadonlyObservable<PwaStatus> = status;

declare global {
  /** Test hook: the service worker status, for the offline and update e2e tests. */
  var __embouchurePwa: ReadonlyObservable<PwaStatus> | undefined;
}

/**
 * Registers the service worker (build/pwa.ts) and shows the update prompt when a new deployment
 * is waiting. Loaded lazily after start-up, on the web only (the Android/iOS apps ship their files).
 */
export function registerServiceWorker(
  showUpdatePrompt: (applyUpdate: () => Promise<void>) => void,
): void {
  if (!('serviceWorker' in navigator)) return;
  globalThis.__embouchurePwa = pwaStatus;
  const updateServiceWorker = registerSW({
    immediate: true,
    onOfflineReady() {
      status.set({ ...status.get(), offlineReady: true });
    },
    onNeedRefresh() {
      status.set({ ...status.get(), updateAvailable: true });
      showUpdatePrompt(async () => {
        // Activates the waiting worker; a controlled page reloads once it takes over. A tab that
        // was never controlled (the very first visit) gets no such event: reload it here.
        const controlled = Boolean(navigator.serviceWorker.controller);
        await updateServiceWorker(true);
        if (!controlled) window.location.reload();
      });
    },
    onRegisterError(error: unknown) {
      console.warn('service worker: registration failed (the app works, just not offline)', error);
    },
  });
}
