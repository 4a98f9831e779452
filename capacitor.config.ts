import type { CapacitorConfig } from '@capacitor/cli';

// Production config: the apps load the bundled `dist/` from the device, never a dev server.
// No `server.url`, no cleartext, no `allowNavigation`.
const config: CapacitorConfig = {
  appId: 'app.embouchure.trumpet',
  appName: 'Embouchure',
  webDir: 'dist',
};

export default config;
