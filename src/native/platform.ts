import { Capacitor } from '@capacitor/core';

export type Platform = 'web' | 'ios' | 'android';

/** Where the app runs: a browser, or the Capacitor WebView of the Android/iOS app. */
export function currentPlatform(): Platform {
  const platform = Capacitor.getPlatform();
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}
