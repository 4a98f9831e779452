import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, syncConnectSources } from './csp';
import { hasFirebaseConfig } from './firebase-env';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('content security policy', () => {
  it('allows only our own scripts and WebAssembly compilation, no eval, blob: or data: scripts', () => {
    const policy = contentSecurityPolicy({ analytics: false });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self'");
    expect(policy).not.toMatch(/https:|'unsafe-eval'/);
    // blob: only for media: a recorded take plays from an object URL (src/takes/take-player.ts).
    expect(policy.split('; ').filter((part) => part.includes('blob:'))).toEqual([
      "media-src 'self' blob:",
    ]);
  });

  it("adds Google's analytics origins only to a build configured for analytics", () => {
    const policy = contentSecurityPolicy({ analytics: true });
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'wasm-unsafe-eval' https://www.googletagmanager.com",
    );
    expect(directive(policy, 'connect-src')).toContain('https://firebase.googleapis.com');
  });

  it('lets the app connect to its sync server only: any loopback port for the embedded one', () => {
    expect(syncConnectSources('http://127.0.0.1:5984')).toEqual([
      'http://127.0.0.1:*',
      'http://localhost:*',
    ]);
    expect(syncConnectSources('https://sync.example.org/couch')).toEqual([
      'https://sync.example.org',
    ]);
    const policy = contentSecurityPolicy({
      analytics: false,
      sync: syncConnectSources('https://sync.example.org'),
    });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://sync.example.org");
    expect(() => syncConnectSources('ftp://x')).toThrow(
      'VITE_SYNC_URL must be http(s), got ftp://x',
    );
    expect(() => syncConnectSources('nope')).toThrow('VITE_SYNC_URL is not a URL: nope');
  });

  it('counts a Firebase configuration only when its required fields are all set', () => {
    const full = {
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_PROJECT_ID: 'p',
      VITE_FIREBASE_APP_ID: 'a',
      VITE_FIREBASE_MEASUREMENT_ID: 'G-X',
    };
    expect(hasFirebaseConfig(full)).toBe(true);
    expect(hasFirebaseConfig({ ...full, VITE_FIREBASE_APP_ID: ' ' })).toBe(false);
    expect(hasFirebaseConfig({})).toBe(false);
  });
});
