import { beforeEach, describe, expect, it, vi } from 'vitest';

const plugin = vi.hoisted(() => ({
  hasAudioRecordingPermission: vi.fn<() => Promise<{ value: boolean }>>(),
  requestAudioRecordingPermission: vi.fn<() => Promise<{ value: boolean }>>(),
}));
vi.mock('@independo/capacitor-voice-recorder', () => ({ VoiceRecorder: plugin }));

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
