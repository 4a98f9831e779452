export interface StatusBarPort {
  show(): Promise<void>;
}

export const statusBar: StatusBarPort = {
  // Imported on first use (native only): keeps Capacitor out of the web's initial JS.
  show: async () => (await import('@capacitor/status-bar')).StatusBar.show(),
};
