/**
 * Android's back button through `@capacitor/app` (imported on first use, native only). With a
 * `backButton` listener registered, Capacitor hands the button to the WebView as the `backbutton`
 * event, which Ionic turns into `ionBackButton` and gives to the highest priority: an open overlay
 * (the settings modal) at 100, a menu at 99 (Ionic's own priorities, as the specification gives
 * them), then the app's handlers. Without a listener, Android would leave the app at once.
 */
export interface AppBackPort {
  /** Starts forwarding the back button to the WebView; resolves to a stop function. */
  listen(): Promise<() => void>;
  /** Leaves the app (Android). */
  exit(): Promise<void>;
}

export const appBack: AppBackPort = {
  listen: async () => {
    const { App } = await import('@capacitor/app');
    const handle = await App.addListener('backButton', () => undefined);
    return () => void handle.remove();
  },
  exit: async () => (await import('@capacitor/app')).App.exitApp(),
};
