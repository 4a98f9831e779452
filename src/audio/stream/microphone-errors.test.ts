import { describe, expect, it } from 'vitest';
import { REVOKED_MESSAGE, trackEndedError } from './microphone-errors';

const permissions = (state: PermissionState | Error) => ({
  query: () =>
    state instanceof Error ? Promise.reject(state) : Promise.resolve({ state } as PermissionStatus),
});

describe('a microphone track that ended: unplugged or permission revoked', () => {
  it('permission revoked (denied, or back to "ask"): says to allow it again, not to plug it in', async () => {
    for (const state of ['denied', 'prompt'] as const) {
      const error = await trackEndedError(permissions(state));
      expect(error).toMatchObject({ kind: 'denied', message: REVOKED_MESSAGE });
      expect(error.message).not.toMatch(/Plug it back in|disconnected/);
    }
  });

  it('permission still granted: the device went away, plug it back in', async () => {
    const error = await trackEndedError(permissions('granted'));
    expect(error.kind).toBe('track-ended');
    expect(error.message).toMatch(/disconnected. Plug it back in/);
  });

  it('no Permissions API, or it refuses the name: a disconnection', async () => {
    expect((await trackEndedError(undefined)).kind).toBe('track-ended');
    expect((await trackEndedError(permissions(new TypeError('bad name')))).kind).toBe(
      'track-ended',
    );
  });
});
