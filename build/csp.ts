import type { Plugin } from 'vite';

/**
 * The app's Content-Security-Policy. Served as a `<meta http-equiv>` tag in the built
 * `index.html` (works on any static host and inside Capacitor's WebViews, which have no server
 * headers) and mirrored as a header by the e2e server (`e2e/static-server.ts`).
 *
 * - `script-src 'self' 'wasm-unsafe-eval'`: only our own files; WebAssembly compilation of the
 *   pitch engine is allowed, `eval` is not. The AudioWorklet is a real file (no blob:/data:).
 * - `style-src 'unsafe-inline'`: Ionic's Stencil components inject `<style>` elements at run time.
 * - `img-src data:`: ionicons ships its icons as `data:image/svg+xml` URLs. Fonts are files only
 *   (the exercise staff loads VexFlow's Bravura from a same-origin file, src/exercise/staff/fonts).
 * - No `frame-ancestors`: browsers ignore it in a meta tag (send it as a header when hosting).
 */
export const BASE_CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // blob: plays back a recorded take (an object URL of audio from our own IndexedDB, src/takes/take-player.ts).
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * What Firebase Analytics for the web needs, added only to a build that has a Firebase
 * configuration (`VITE_FIREBASE_*`): the SDK loads Google's `gtag.js` loader as a script and sends
 * events to Google's collection endpoints. A build without configuration keeps exactly BASE_CSP.
 */
export const ANALYTICS_CSP: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://www.googletagmanager.com'],
  'connect-src': [
    'https://firebase.googleapis.com',
    'https://firebaseinstallations.googleapis.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  'img-src': ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

/**
 * Where the account's sync may connect (issue 35): the origin of the build's sync server
 * (`VITE_SYNC_URL`), and for a server on this machine (the default, `npm start`'s embedded one) any
 * port on loopback, so a developer or a test can run it where it is free. Nothing else: the CSP
 * stays the fence around what the app may reach.
 */
export function syncConnectSources(syncUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(syncUrl);
  } catch {
    throw new Error(`VITE_SYNC_URL is not a URL: ${syncUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`VITE_SYNC_URL must be http(s), got ${syncUrl}`);
  }
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') {
    return ['http://127.0.0.1:*', 'http://localhost:*'];
  }
  return [url.origin];
}

/** The policy string, e.g. `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; …`. */
export function contentSecurityPolicy(options: {
  analytics: boolean;
  sync?: readonly string[];
}): string {
  const directives = new Map(Object.entries(BASE_CSP).map(([name, v]) => [name, [...v]]));
  directives.set('connect-src', [
    ...(directives.get('connect-src') ?? []),
    ...(options.sync ?? []),
  ]);
  if (options.analytics) {
    for (const [name, sources] of Object.entries(ANALYTICS_CSP)) {
      directives.set(name, [...(directives.get(name) ?? []), ...sources]);
    }
  }
  return [...directives].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Adds the CSP meta tag to the built `index.html` right after `<meta charset>`, before any script
 * or stylesheet (a meta policy only governs what comes after it). Build only: the dev server's
 * React Refresh preamble is an inline script.
 */
export function cspMetaPlugin(options: { analytics: boolean; sync?: readonly string[] }): Plugin {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(options)}" />`;
  return {
    name: 'embouchure:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html))
          throw new Error('index.html: <meta charset> not found for the CSP');
        return html.replace(charset, (match) => `${match}\n    ${tag}`);
      },
    },
  };
}
