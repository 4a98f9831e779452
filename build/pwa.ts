import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Installable, offline PWA: a web app manifest, icons in `public/icons/`, and a Workbox service
 * worker that precaches the whole build (app shell, every lazy page, the AudioWorklet, the pitch
 * engine `.wasm`, fonts) so after one visit the tuner and the exercises work with no network.
 *
 * - `registerType: 'prompt'`: a new deployment waits until the user accepts the update prompt
 *   (src/pwa/): never a reload in the middle of a practice session.
 * - `injectRegister: false`: src/pwa/register.ts registers the worker from a lazy chunk (no inline
 *   script, which the CSP forbids; not part of the initial JS budget), on the web only.
 * - The Firebase chunk is never precached: it is loaded only after consent (src/analytics).
 */
export function pwaPlugin(): PluginOption {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Embouchure — trumpet tuner and practice',
      short_name: 'Embouchure',
      description: 'Trumpet practice with a live pitch tuner',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#1f2a44',
      theme_color: '#1f2a44',
      categories: ['music', 'education'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // musicxml: the bundled studies (public/studies/, src/pieces/studies) open offline too.
      globPatterns: ['**/*.{js,css,html,wasm,svg,png,woff2,webmanifest,musicxml}'],
      globIgnores: ['**/firebase-backend-*.js'],
      // Client-side routes (/home/tuner…) are answered with the precached app shell offline.
      navigateFallback: '/index.html',
      cleanupOutdatedCaches: true,
      // VexFlow's font module is ~0.7 MB: precache it too (the exercise staff needs it offline).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}
