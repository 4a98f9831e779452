/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import type { PromptMode } from './UpdatePrompt';

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
 * is waiting. Loaded after the first pitch (src/pwa/start.ts): the worker precaches the whole
 * build (~2 MB), which on a slow phone would compete with the pitch engine for the network and
 * the CPU. Web only (the Android/iOS apps ship their files).
 *
 * The update is applied only when no tab is mid-exercise (src/lib/practice-activity.ts, asked by
 * the prompt), and a tab reloads only when its own player said so: when another tab applied the
 * update, this one says "a new version is active" and waits for its player's Reload.
 */
export async function registerServiceWorker(
  showUpdatePrompt: (applyUpdate: () => Promise<void>, mode: PromptMode) => void,
): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  globalThis.__embouchurePwa = pwaStatus;
  let appliedHere = false;
  const updateServiceWorker = registerSW({
    immediate: true,
    onOfflineReady() {
      status.set({ ...status.get(), offlineReady: true });
    },
    onNeedRefresh() {
      status.set({ ...status.get(), updateAvailable: true });
      showUpdatePrompt(async () => {
        // Activates the waiting worker; this page reloads once it takes over (onNeedReload). A
        // tab that was never controlled (the very first visit) gets no such event: reload here.
        appliedHere = true;
        const controlled = Boolean(navigator.serviceWorker.controller);
        await updateServiceWorker(true);
        if (!controlled) window.location.reload();
      }, 'waiting');
    },
    onNeedReload() {
      // The new version took over. This tab asked for it: reload. Another tab did: never reload
      // by ourselves (the player may be mid-exercise here); offer it.
      if (appliedHere) window.location.reload();
      else showUpdatePrompt(() => Promise.resolve(window.location.reload()), 'active');
    },
    onRegisterError(error: unknown) {
      console.warn('service worker: registration failed (the app works, just not offline)', error);
    },
  });
}
