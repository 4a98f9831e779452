export interface KeepAwakePort {
  /** Keep the screen on: a player's hands are on the trumpet, not on the phone. */
  keepAwake(): Promise<void>;
}

export const keepAwake: KeepAwakePort = {
  // Imported on first use (native only): keeps Capacitor out of the web's initial JS.
  keepAwake: async () => (await import('@capacitor-community/keep-awake')).KeepAwake.keepAwake(),
};
