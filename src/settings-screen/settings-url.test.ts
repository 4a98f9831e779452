import { describe, expect, it } from 'vitest';
import {
  closeMove,
  hidePrivacyMove,
  settingsDepthOf,
  settingsLayerOf,
  showPrivacyMove,
  withSettings,
} from './settings-url';

describe('the settings screen in the URL (H2)', () => {
  it('reads and writes its layer beside the page’s other parameters', () => {
    expect(settingsLayerOf('')).toBe('none');
    expect(settingsLayerOf('?settings')).toBe('settings');
    expect(settingsLayerOf('?settings=privacy')).toBe('privacy');
    expect(withSettings('', '')).toBe('?settings');
    expect(withSettings('?settings', 'privacy')).toBe('?settings=privacy');
    expect(withSettings('?x=1&settings=privacy', null)).toBe('?x=1');
    expect(withSettings('?x=1', '')).toBe('?x=1&settings');
  });

  it('opened by the gear: privacy pushes one more; Back-like moves go back over exactly those', () => {
    const settings = { settingsDepth: 1 };
    const privacy = showPrivacyMove('?settings', settings);
    expect(privacy).toEqual({ kind: 'go', search: '?settings=privacy', replace: false, depth: 2 });
    expect(hidePrivacyMove('?settings=privacy', { settingsDepth: 2 })).toEqual({
      kind: 'back',
      entries: 1,
    });
    expect(closeMove('?settings=privacy', { settingsDepth: 2 })).toEqual({
      kind: 'back',
      entries: 2,
    });
    expect(closeMove('?settings', settings)).toEqual({ kind: 'back', entries: 1 });
  });

  it('opened by a link or after a reload: closing replaces, never goes back out of the app', () => {
    expect(closeMove('?settings', null)).toEqual({ kind: 'go', search: '', replace: true });
    expect(closeMove('?settings=privacy', null)).toEqual({ kind: 'go', search: '', replace: true });
    // The settings by a link, privacy pushed: closing cannot go back to a settings entry.
    expect(closeMove('?settings=privacy', { settingsDepth: 1 })).toEqual({
      kind: 'go',
      search: '',
      replace: true,
    });
    expect(hidePrivacyMove('?settings=privacy', { settingsDepth: 1 })).toEqual({
      kind: 'back',
      entries: 1,
    });
    expect(hidePrivacyMove('?settings=privacy', null)).toEqual({
      kind: 'go',
      search: '?settings',
      replace: true,
    });
  });

  it('does nothing once Back has closed the layer already', () => {
    expect(closeMove('', { settingsDepth: 1 })).toBeNull();
    expect(hidePrivacyMove('?settings', { settingsDepth: 2 })).toBeNull();
    expect(settingsDepthOf({ settingsDepth: 'x' })).toBe(0);
    expect(settingsDepthOf(undefined)).toBe(0);
  });
});
