import { StatusBar } from '@capacitor/status-bar';

export interface StatusBarPort {
  show(): Promise<void>;
}

export const statusBar: StatusBarPort = {
  show: () => StatusBar.show(),
};
