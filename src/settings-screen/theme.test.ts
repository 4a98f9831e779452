import { describe, expect, it } from 'vitest';
import { createObservable } from '../lib/observable';
import type { Preferences } from '../settings/preferences';
import { applyTheme, isDark, watchTheme } from './theme';

function fakeRoot() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name), on),
    },
    style: { colorScheme: '' },
  } as unknown as HTMLElement & { classes: Set<string> };
}

function fakeMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    flip() {
      this.matches = !this.matches;
      for (const l of listeners) l();
    },
    listeners,
  };
}

describe('theme', () => {
  it('system follows the OS; light and dark override it', () => {
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
  });

  it('applies the Ionic dark palette class and the matching color-scheme', () => {
    const root = fakeRoot();
    applyTheme(root, 'dark', false);
    expect(root.classes.has('ion-palette-dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme(root, 'light', true);
    expect(root.classes.has('ion-palette-dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });

  it('follows live changes of the preference and of the system setting until stopped', () => {
    const root = fakeRoot();
    const media = fakeMedia(false);
    const prefs = createObservable<Readonly<Preferences>>({
      theme: 'system',
      analyticsConsent: false,
      takeAudioInAccount: false,
    });
    const stop = watchTheme(prefs, root, media as unknown as MediaQueryList);
    expect(root.classes.has('ion-palette-dark')).toBe(false);
    media.flip();
    expect(root.classes.has('ion-palette-dark')).toBe(true);
    prefs.set({ theme: 'light', analyticsConsent: false, takeAudioInAccount: false });
    expect(root.classes.has('ion-palette-dark')).toBe(false);
    stop();
    expect(media.listeners.size).toBe(0);
  });
});
