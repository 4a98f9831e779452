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
// Imported on first use (native only): keeps Capacitor out of the web's initial JS.
const plugin = async () => (await import('@independo/capacitor-voice-recorder')).VoiceRecorder;

export const nativeMicrophonePermission: MicrophonePermission = {
  async check() {
    const { value } = await (await plugin()).hasAudioRecordingPermission();
    return value ? 'granted' : 'prompt';
  },
  async request() {
    const { value } = await (await plugin()).requestAudioRecordingPermission();
    return value ? 'granted' : 'denied';
  },
};
