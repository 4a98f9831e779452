import { describe, expect, it, vi } from 'vitest';
import { createObservable } from '../lib/observable';
import { createAnalytics, eventPayload, type AnalyticsBackend } from './analytics';
import { firebaseConfigFrom, type FirebaseWebConfig } from './config';

const config: FirebaseWebConfig = {
  apiKey: 'test-key',
  projectId: 'test-project',
  appId: '1:2:web:3',
  measurementId: 'G-TEST',
};

function fakeBackend() {
  const sent: { name: string; params?: Record<string, string | number> }[] = [];
  const enabled: boolean[] = [];
  const backend: AnalyticsBackend = {
    log: (name, params) => void sent.push(params ? { name, params } : { name }),
    setEnabled: (value) => void enabled.push(value),
  };
  return { backend, sent, enabled };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analytics', () => {
  it('without configuration loads nothing, ever, whatever the consent', async () => {
    const load = vi.fn();
    const consent = createObservable(true);
    const analytics = createAnalytics({ config: undefined, consent, load });
    analytics.track({ name: 'app_opened' });
    consent.set(false);
    consent.set(true);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(analytics.state.get()).toBe('unconfigured');
  });

  it('with configuration but no consent loads nothing and drops events', async () => {
    const load = vi.fn();
    const analytics = createAnalytics({ config, consent: createObservable(false), load });
    analytics.track({ name: 'app_opened' });
    analytics.track({ name: 'tuner_started' });
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(analytics.state.get()).toBe('off');
  });

  it('consent loads the SDK once and sends the events tracked while it loaded', async () => {
    const { backend, sent } = fakeBackend();
    const load = vi.fn(() => Promise.resolve(backend));
    const consent = createObservable(false);
    const analytics = createAnalytics({ config, consent, load });
    analytics.track({ name: 'app_opened' }); // before consent: never sent
    consent.set(true);
    expect(analytics.state.get()).toBe('loading');
    analytics.track({ name: 'tuner_started' });
    await flush();
    analytics.track({ name: 'exercise_completed', exerciseType: 'long-tones', score: 87.4 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(config);
    expect(analytics.state.get()).toBe('on');
    expect(sent).toEqual([
      { name: 'tuner_started' },
      { name: 'exercise_completed', params: { exercise_type: 'long-tones', score: 87 } },
    ]);
  });

  it('withdrawing consent disables collection and drops later events; giving it back resumes', async () => {
    const { backend, sent, enabled } = fakeBackend();
    const consent = createObservable(true);
    const analytics = createAnalytics({ config, consent, load: () => Promise.resolve(backend) });
    await flush();
    consent.set(false);
    analytics.track({ name: 'tuner_started' });
    expect(enabled).toEqual([false]);
    expect(sent).toEqual([]);
    expect(analytics.state.get()).toBe('off');
    consent.set(true);
    analytics.track({ name: 'tuner_started' });
    expect(enabled).toEqual([false, true]);
    expect(sent).toEqual([{ name: 'tuner_started' }]);
  });

  it('never breaks the app: unsupported, failing to load, or a throwing SDK', async () => {
    const warn = vi.fn();
    const unsupported = createAnalytics({
      config,
      consent: createObservable(true),
      load: () => Promise.resolve(undefined),
      warn,
    });
    const offline = createAnalytics({
      config,
      consent: createObservable(true),
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      warn,
    });
    const throwing = createAnalytics({
      config,
      consent: createObservable(true),
      load: () =>
        Promise.resolve({
          log: () => {
            throw new Error('blocked');
          },
          setEnabled: () => undefined,
        }),
      warn,
    });
    await flush();
    for (const analytics of [unsupported, offline, throwing]) {
      expect(() => analytics.track({ name: 'tuner_started' })).not.toThrow();
    }
    expect(unsupported.state.get()).toBe('unavailable');
    expect(offline.state.get()).toBe('unavailable');
    expect(warn).toHaveBeenCalledTimes(2); // offline + throwing, each once
  });

  it('sends only a kind id and a 0..100 score for a completed exercise', () => {
    expect(
      eventPayload({ name: 'exercise_completed', exerciseType: 'scales', score: 100 }),
    ).toEqual({ name: 'exercise_completed', params: { exercise_type: 'scales', score: 100 } });
    expect(() =>
      eventPayload({ name: 'exercise_completed', exerciseType: 'scales', score: 101 }),
    ).toThrow(/0\.\.100/);
    expect(() =>
      eventPayload({ name: 'exercise_completed', exerciseType: 'Jane Doe', score: 50 }),
    ).toThrow(/kind id/);
  });
});

describe('firebase configuration from the environment', () => {
  it('needs apiKey, projectId, appId and measurementId; keeps the optional fields given', () => {
    const env = {
      VITE_FIREBASE_API_KEY: ' key ',
      VITE_FIREBASE_PROJECT_ID: 'project',
      VITE_FIREBASE_APP_ID: 'app',
      VITE_FIREBASE_MEASUREMENT_ID: 'G-1',
      VITE_FIREBASE_AUTH_DOMAIN: 'project.example',
      VITE_FIREBASE_STORAGE_BUCKET: '',
    };
    expect(firebaseConfigFrom(env)).toEqual({
      apiKey: 'key',
      projectId: 'project',
      appId: 'app',
      measurementId: 'G-1',
      authDomain: 'project.example',
    });
    expect(firebaseConfigFrom({ ...env, VITE_FIREBASE_MEASUREMENT_ID: undefined })).toBeUndefined();
    expect(firebaseConfigFrom({})).toBeUndefined();
  });
});
