import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT_MS } from '../wait';
import { freePort, startProcess, waitUntil, type Started } from './processes';
import { newSession, type WebDriverSession } from './webdriver';
import type { EngineDriver } from './generic-page';

/** Debian's WebKitGTK browser and driver (package webkit2gtk-driver). */
export const MINIBROWSER =
  process.env.EMBOUCHURE_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_WEBDRIVER =
  process.env.EMBOUCHURE_WEBKITWEBDRIVER ?? '/usr/bin/WebKitWebDriver';

export interface WebKitOptions {
  /** The virtual microphone's PulseAudio environment. */
  audioEnv: Record<string, string>;
  viewport: { width: number; height: number };
  /** Messages MiniBrowser writes to the console (errors included), for the report. */
  console: string[];
}

export interface WebKitDriver extends EngineDriver {
  close(): Promise<void>;
}

/**
 * MiniBrowser under Xvfb, driven by WebKitWebDriver (classic WebDriver over HTTP). Each its own
 * process group, stopped by id in `close()`. The sandbox is off so the web process reaches the
 * PulseAudio socket (WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS, docs/testing.md).
 */
export async function launchWebKit(options: WebKitOptions): Promise<WebKitDriver> {
  const started: Started[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const process_ of started.reverse()) await process_.stop();
    for (const cleanup of cleanups) await cleanup();
  };
  try {
    const display = await startXvfb(started);
    const gtkConfig = await mkdtemp(join(tmpdir(), 'embouchure-gtk-'));
    cleanups.push(() => rm(gtkConfig, { recursive: true, force: true }));
    await mkdir(join(gtkConfig, 'gtk-3.0'));
    // MiniBrowser's toolbar keeps its window wider than a phone: shrink its widgets.
    await writeFile(join(gtkConfig, 'gtk-3.0', 'gtk.css'), GTK_CSS);
    const port = await freePort();
    const driverProcess = startProcess(WEBKIT_WEBDRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: {
        ...process.env,
        ...options.audioEnv,
        DISPLAY: display,
        XDG_CONFIG_HOME: gtkConfig,
        WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: '1',
        // Software rendering: Xvfb has no GPU.
        WEBKIT_DISABLE_COMPOSITING_MODE: '1',
        LIBGL_ALWAYS_SOFTWARE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(driverProcess);
    // EMBOUCHURE_WEBKIT_LOG=file keeps the browser's stderr (e.g. with GST_DEBUG=3) for a diagnosis.
    const logFile = process.env.EMBOUCHURE_WEBKIT_LOG;
    if (logFile) driverProcess.child.stderr?.pipe(createWriteStream(logFile, { flags: 'a' }));
    driverProcess.child.stdout?.on('data', (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (line.includes('CONSOLE')) options.console.push(line.trim());
      }
    });
    const driverUrl = `http://127.0.0.1:${port}`;
    await waitUntil(
      'WebKitWebDriver',
      async () => (await fetch(`${driverUrl}/status`)).ok,
      WAIT_MS,
    );
    const session = await newSession(
      driverUrl,
      {
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: [
            '--automation',
            '--enable-media-stream=true',
            '--enable-webaudio=true',
            '--enable-media=true',
            '--autoplay-policy=allow',
            '--media-playback-requires-user-gesture=false',
            '--enable-write-console-messages-to-stdout=true',
          ],
        },
        timeouts: { script: WAIT_MS, pageLoad: WAIT_MS },
      },
      WAIT_MS + 5000,
    );
    await fitViewport(session, options.viewport);
    return {
      engine: 'webkit',
      async evaluateSource(source) {
        const result = await session.command<{ ok?: unknown; error?: string }>(
          'POST',
          '/execute/async',
          {
            script: `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => ${source}).then(
  (value) => done({ ok: value === undefined ? null : value }),
  (error) => done({ error: String(error && error.stack || error) }));`,
            args: [],
          },
        );
        if (result.error !== undefined) throw new Error(`in the page: ${result.error}`);
        return result.ok;
      },
      async tapAt(x, y) {
        await session.command('POST', '/actions', {
          actions: [
            {
              type: 'pointer',
              id: 'finger',
              parameters: { pointerType: 'mouse' },
              actions: [
                { type: 'pointerMove', x, y, origin: 'viewport', duration: 0 },
                { type: 'pointerDown', button: 0 },
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        });
        await session.command('DELETE', '/actions');
      },
      async goto(url) {
        await session.command('POST', '/url', { url });
      },
      async reload() {
        // Not POST /refresh (nor /url): after a long tone had ended WebKitWebDriver never
        // answered either, though the page reloaded at once from a script.
        const script = (body: string) =>
          session.command<unknown>('POST', '/execute/sync', { script: body, args: [] });
        await script(
          'window.__embouchureBeforeReload = true; setTimeout(() => location.reload());',
        );
        await waitUntil(
          'the reloaded page',
          async () =>
            (await script(
              "return !window.__embouchureBeforeReload && document.readyState === 'complete';",
            )) === true,
          WAIT_MS,
        );
      },
      async screenshot(path) {
        const base64 = await session.command<string>('GET', '/screenshot');
        await writeFile(path, Buffer.from(base64, 'base64'));
      },
      async close() {
        await Promise.race([
          session.delete().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 5000)),
        ]);
        await stopAll();
      },
    };
  } catch (error) {
    const log = started.map((s) => s.stderr()).join('\n');
    await stopAll();
    throw new Error(`engines: could not start WebKit (${MINIBROWSER}): ${log.slice(-1500)}`, {
      cause: error,
    });
  }
}

/** The window sized so that the page's viewport is `viewport` (MiniBrowser adds a toolbar). */
async function fitViewport(
  session: WebDriverSession,
  viewport: { width: number; height: number },
): Promise<void> {
  let { width, height } = viewport;
  for (let attempt = 0; attempt < 3; attempt++) {
    await session.command('POST', '/window/rect', { x: 0, y: 0, width, height });
    const inner = await session.command<[number, number]>('POST', '/execute/sync', {
      script: 'return [window.innerWidth, window.innerHeight];',
      args: [],
    });
    if (inner[0] === viewport.width && inner[1] === viewport.height) return;
    width += viewport.width - inner[0];
    height += viewport.height - inner[1];
  }
}

let nextDisplay = 90 + (process.pid % 100);

/** An Xvfb server on a free display number; pushed onto `started` for the caller to stop. */
async function startXvfb(started: Started[]): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const display = `:${nextDisplay++}`;
    if (existsSync(`/tmp/.X${display.slice(1)}-lock`)) continue; // another server's
    const xvfb = startProcess('Xvfb', [
      display,
      '-screen',
      '0',
      '1280x1024x24',
      '-nolisten',
      'tcp',
    ]);
    const ok = await waitUntil(
      'Xvfb',
      () => xvfb.child.exitCode === null && existsSocket(display),
      5000,
    ).then(
      () => true,
      () => false,
    );
    if (ok && xvfb.child.exitCode === null) {
      started.push(xvfb);
      return display;
    }
    await xvfb.stop();
  }
  throw new Error('engines: no free X display for Xvfb');
}

function existsSocket(display: string): boolean {
  return existsSync(`/tmp/.X11-unix/X${display.slice(1)}`);
}

const GTK_CSS = `* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 4px; }
entry { min-width: 0; }
`;
