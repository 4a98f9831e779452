import { KeepAwake } from '@capacitor-community/keep-awake';

export interface KeepAwakePort {
  /** Keep the screen on: a player's hands are on the trumpet, not on the phone. */
  keepAwake(): Promise<void>;
}

export const keepAwake: KeepAwakePort = {
  keepAwake: () => KeepAwake.keepAwake(),
};
