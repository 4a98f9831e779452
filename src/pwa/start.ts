/**
 * Offline support and the update prompt, loaded after start-up (not initial JS). Web only: the
 * Android/iOS apps bundle their files, and iOS's WebView has no service workers for its scheme.
 */
export function startPwa(platform: 'web' | 'ios' | 'android'): void {
  if (platform !== 'web' || !import.meta.env.PROD) return;
  Promise.all([import('./register'), import('./UpdatePrompt')])
    .then(([{ registerServiceWorker }, { showUpdatePrompt }]) =>
      registerServiceWorker(showUpdatePrompt),
    )
    .catch((error: unknown) => console.warn('service worker: not started', error));
}
