import { describe, expect, it, vi } from 'vitest';
import { createPlaceholderPitchService } from '../audio/stream/placeholder-pitch-service';
import type { PermissionStatus, Platform } from '../native';
import { MICROPHONE_DENIED_MESSAGE, startApp, type StartupDeps } from './startup';

function setup(
  platform: Platform,
  checkAnswer: PermissionStatus,
  ...requestAnswers: PermissionStatus[]
) {
  const pitchService = createPlaceholderPitchService();
  const connect = vi.spyOn(pitchService, 'connect');
  const answers = [...requestAnswers];
  const deps = {
    platform,
    permission: {
      check: vi.fn(() => Promise.resolve(checkAnswer)),
      request: vi.fn(() => Promise.resolve(answers.shift() ?? 'denied')),
    },
    alert: vi.fn(() => Promise.resolve()),
    statusBar: { show: vi.fn(() => Promise.resolve()) },
    keepAwake: { keepAwake: vi.fn(() => Promise.resolve()) },
    pitchService,
    warn: vi.fn(),
  } satisfies StartupDeps;
  return { deps, connect, pitchService };
}

describe('startApp on Android/iOS', () => {
  it.each(['android', 'ios'] as const)(
    '%s, permission already granted: shows the status bar, keeps awake, connects without asking',
    async (platform) => {
      const { deps, connect, pitchService } = setup(platform, 'granted');
      await expect(startApp(deps)).resolves.toBe('connected');
      expect(deps.statusBar.show).toHaveBeenCalledOnce();
      expect(deps.keepAwake.keepAwake).toHaveBeenCalledOnce();
      expect(deps.permission.request).not.toHaveBeenCalled();
      expect(deps.alert).not.toHaveBeenCalled();
      expect(connect).toHaveBeenCalledOnce();
      expect(pitchService.status.get()).toEqual({ state: 'connected' });
    },
  );

  it('denied, then granted when asked: connects with no alert', async () => {
    const { deps, connect } = setup('android', 'denied', 'granted');
    await expect(startApp(deps)).resolves.toBe('connected');
    expect(deps.permission.request).toHaveBeenCalledOnce();
    expect(deps.alert).not.toHaveBeenCalled();
    expect(connect).toHaveBeenCalledOnce();
  });

  it('not yet asked ("prompt"), then granted: asks once and connects', async () => {
    const { deps, connect } = setup('ios', 'prompt', 'granted');
    await expect(startApp(deps)).resolves.toBe('connected');
    expect(deps.permission.request).toHaveBeenCalledOnce();
    expect(connect).toHaveBeenCalledOnce();
  });

  it('denied twice: shows the exact alert and never connects', async () => {
    const { deps, connect, pitchService } = setup('android', 'denied', 'denied');
    await expect(startApp(deps)).resolves.toBe('microphone-denied');
    expect(deps.alert).toHaveBeenCalledExactlyOnceWith(
      'Microphone permissions denied: Some features may not work as expected',
    );
    expect(MICROPHONE_DENIED_MESSAGE).toBe(
      'Microphone permissions denied: Some features may not work as expected',
    );
    expect(connect).not.toHaveBeenCalled();
    expect(pitchService.status.get()).toEqual({ state: 'stopped' });
  });

  it('a permission plugin that throws ends in the alert, not in a silent tuner', async () => {
    const { deps, connect } = setup('ios', 'granted');
    deps.permission.check.mockRejectedValueOnce(new Error('not implemented'));
    deps.permission.request.mockRejectedValueOnce(new Error('not implemented'));
    await expect(startApp(deps)).resolves.toBe('microphone-denied');
    expect(deps.alert).toHaveBeenCalledExactlyOnceWith(MICROPHONE_DENIED_MESSAGE);
    expect(connect).not.toHaveBeenCalled();
  });

  it('a failing status bar or keep-awake is logged but does not stop the microphone', async () => {
    const { deps, connect } = setup('android', 'granted');
    deps.statusBar.show.mockRejectedValueOnce(new Error('no status bar'));
    deps.keepAwake.keepAwake.mockRejectedValueOnce(new Error('no wake lock'));
    await expect(startApp(deps)).resolves.toBe('connected');
    expect(connect).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(deps.warn).toHaveBeenCalledTimes(2));
  });
});

describe('startApp on the web', () => {
  it('connects straight away: no permission check, no native calls, no alert', async () => {
    const { deps, connect } = setup('web', 'denied', 'denied');
    await expect(startApp(deps)).resolves.toBe('connected');
    expect(deps.permission.check).not.toHaveBeenCalled();
    expect(deps.permission.request).not.toHaveBeenCalled();
    expect(deps.statusBar.show).not.toHaveBeenCalled();
    expect(deps.keepAwake.keepAwake).not.toHaveBeenCalled();
    expect(deps.alert).not.toHaveBeenCalled();
    expect(connect).toHaveBeenCalledOnce();
  });
});
