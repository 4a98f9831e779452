import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from './paths';
import { describe, expect, it } from 'vitest';
import { browserPerTest, sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { WAIT_MS } from './wait';

// Security of the production build as served: CSP (meta + header), Permissions-Policy, and the
// pitch engine and worklet loading under that policy without a single violation.
// Closed after the tests, which fails them on any CSP violation (e2e/browser.ts).
const browser = sharedBrowser({ mic: 'granted' });
// A second browser, for the test that provokes a violation on purpose.
const probes = browserPerTest();

const builtHtml = () => readFileSync(join(distDir(), 'index.html'), 'utf8');
const metaCsp = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

/** Runs in the page: the state of the app's pitch service (test hook of src/audio). */
function pitchServiceState(): string | undefined {
  type Hook = { __embouchurePitchService?: { status: { get(): { state: string } } } };
  return (globalThis as Hook).__embouchurePitchService?.status.get().state;
}

describe('Content-Security-Policy', () => {
  it('the built index.html declares script-src self + wasm-unsafe-eval and nothing broader', () => {
    const html = builtHtml();
    const policy = metaCsp(html);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    // blob: only for media (a take plays from an object URL of its own stored audio), never code.
    expect(directive(policy, 'media-src')).toBe("media-src 'self' blob:");
    // The account's sync: this build's server is the embedded one, on any loopback port and
    // nowhere else (build/csp.ts); that is the one wildcard.
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    );
    const withoutMedia = policy
      .replace(directive(policy, 'media-src') ?? '', '')
      .replace(directive(policy, 'connect-src') ?? '', '');
    expect(withoutMedia).not.toMatch(/unsafe-eval'(?<!wasm-unsafe-eval')|blob:|\*/);
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    // The meta tag comes before any script, or it would not govern them.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('the server sends the same policy as a header, and microphone=(self)', async () => {
    const response = await fetch(appUrl('/home/tuner'));
    expect(response.headers.get('content-security-policy')).toBe(metaCsp(builtHtml()));
    expect(response.headers.get('permissions-policy')).toBe('microphone=(self)');
  });

  it('the app starts, loads the worklet and the engine, and listens without a violation', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(() => activePage(page).locator('ion-title').textContent(), { timeout: WAIT_MS })
      .toBe('Tuner');
    await expect
      .poll(() => page.evaluate(pitchServiceState), { timeout: WAIT_MS })
      .toBe('connected');
    await page.locator('ion-tab-button[tab="exercise"]').click();
    await expect
      .poll(() => activePage(page).locator('ion-title').textContent(), { timeout: WAIT_MS })
      .toBe('Exercise');
    expect(browser.cspViolations).toEqual([]);
  });

  it('an inline script is blocked and reported (the violation check can fail)', async () => {
    const probe = await probes.launch({ mic: 'none', allowCspViolations: true });
    await probe.page.goto(appUrl('/home/exercise'));
    await probe.page.addScriptTag({ content: 'window.__inlineRan = true' }).catch(() => undefined);
    await expect.poll(() => probe.cspViolations.length).toBeGreaterThan(0);
    expect(probe.cspViolations[0]).toMatch(/^script-src-elem inline/);
    expect(await probe.page.evaluate(() => 'x' in window && '__inlineRan' in window)).toBe(false);
  });
});
