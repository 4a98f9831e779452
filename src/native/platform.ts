export type Platform = 'web' | 'ios' | 'android';

interface BridgeGlobals {
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

/**
 * Where the app runs: a browser, or the Capacitor WebView of the Android/iOS app. The same test as
 * `@capacitor/core`'s `getPlatform()` (Capacitor's native side injects these bridges before any
 * script runs), without loading Capacitor in the browser: the plugins are imported on native only,
 * so none of it counts against the initial JS budget (README "Production").
 */
export function currentPlatform(): Platform {
  const bridges = globalThis as BridgeGlobals;
  if (bridges.androidBridge) return 'android';
  if (bridges.webkit?.messageHandlers?.bridge) return 'ios';
  return 'web';
}
