/** Shows a blocking message the user must acknowledge. */
export type ShowAlert = (message: string) => Promise<void>;

/**
 * `window.alert`: Capacitor's Android (WebChromeClient) and iOS (WKUIDelegate) WebViews turn it
 * into the platform's own dialog, so it needs no plugin and no Ionic overlay in the start-up chunk.
 */
export const showAlert: ShowAlert = (message) => {
  window.alert(message);
  return Promise.resolve();
};
