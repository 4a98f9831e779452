import { beforeEach, describe, expect, it, vi } from 'vitest';

const plugin = vi.hoisted(() => ({
  hasAudioRecordingPermission: vi.fn<() => Promise<{ value: boolean }>>(),
  requestAudioRecordingPermission: vi.fn<() => Promise<{ value: boolean }>>(),
}));
// Like every Capacitor plugin on a phone, a Proxy that answers any property, `then` included, with
// a method the native side does not implement: awaiting the plugin itself must never happen.
const capacitorLikePlugin = vi.hoisted(
  () => (methods: object) =>
    new Proxy(methods, {
      get: (target, prop) =>
        prop in target
          ? (target as Record<PropertyKey, unknown>)[prop]
          : () => {
              throw new Error(`"VoiceRecorder.${String(prop)}()" is not implemented on android`);
            },
    }),
);
vi.mock('@independo/capacitor-voice-recorder', () => ({
  VoiceRecorder: capacitorLikePlugin(plugin),
}));

const { nativeMicrophonePermission } = await import('./microphone-permission');

describe('nativeMicrophonePermission', () => {
  beforeEach(() => vi.resetAllMocks());

  it('check: granted when the plugin says so, otherwise "prompt" (ask once more)', async () => {
    plugin.hasAudioRecordingPermission.mockResolvedValueOnce({ value: true });
    await expect(nativeMicrophonePermission.check()).resolves.toBe('granted');
    plugin.hasAudioRecordingPermission.mockResolvedValueOnce({ value: false });
    await expect(nativeMicrophonePermission.check()).resolves.toBe('prompt');
  });

  it('request: granted or denied as the user answered', async () => {
    plugin.requestAudioRecordingPermission.mockResolvedValueOnce({ value: true });
    await expect(nativeMicrophonePermission.request()).resolves.toBe('granted');
    plugin.requestAudioRecordingPermission.mockResolvedValueOnce({ value: false });
    await expect(nativeMicrophonePermission.request()).resolves.toBe('denied');
  });
});
