export type PermissionStatus = 'granted' | 'denied' | 'prompt';

/** The microphone permission, as start-up needs it (injected so start-up is testable). */
export interface MicrophonePermission {
  check(): Promise<PermissionStatus>;
  request(): Promise<PermissionStatus>;
}

/**
 * Native microphone permission through `@independo/capacitor-voice-recorder` (Capacitor 8 peer,
 * ships a Package.swift so iOS's Swift Package Manager includes it). Only its permission calls are
 * used; audio itself goes through the WebView's getUserMedia. The plugin answers a boolean, so
 * "not granted" cannot tell "never asked" from "refused": it is reported as 'prompt', and start-up
 * asks in both cases (the OS shows nothing if the user refused for good).
 */
// Imported on first use (native only): keeps Capacitor out of the web's initial JS. The module
// is awaited, never the plugin itself: a Capacitor plugin is a Proxy that answers every property,
// `then` included, so resolving a promise with it calls `VoiceRecorder.then()`, which native code
// does not implement, and the promise never settles (start-up would hang before the microphone;
// found by e2e/back-button.e2e.ts with Capacitor's Android bridge stood in).
const loadPlugin = () => import('@independo/capacitor-voice-recorder');

export const nativeMicrophonePermission: MicrophonePermission = {
  async check() {
    const { VoiceRecorder } = await loadPlugin();
    const { value } = await VoiceRecorder.hasAudioRecordingPermission();
    return value ? 'granted' : 'prompt';
  },
  async request() {
    const { VoiceRecorder } = await loadPlugin();
    const { value } = await VoiceRecorder.requestAudioRecordingPermission();
    return value ? 'granted' : 'denied';
  },
};
