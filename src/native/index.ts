// The only door to Capacitor and its plugins (enforced by eslint.config.js).
export { currentPlatform, type Platform } from './platform';
export {
  nativeMicrophonePermission,
  type MicrophonePermission,
  type PermissionStatus,
} from './microphone-permission';
export { statusBar, type StatusBarPort } from './status-bar';
export { keepAwake, type KeepAwakePort } from './keep-awake';
export { showAlert, type ShowAlert } from './alert';
// `./save-file` (history export) is imported directly by the lazy history view, not re-exported
// here: the entry imports this barrel, and a re-export would put the saver in the initial JS.
