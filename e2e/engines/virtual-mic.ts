import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { run, startProcess, waitUntil, type Started } from './processes';

/**
 * A real capture path for every engine (docs/testing.md "Other engines"): a private PulseAudio
 * server whose default source `trumpetmic` is a remap of a null sink's monitor (GStreamer, which
 * WebKit and Firefox capture through, does not offer a monitor as a microphone). A WAV played
 * into the sink with `paplay` is what the browser's getUserMedia hears.
 */
export interface VirtualMicServer {
  /** Environment for a process that should use this server (browsers, paplay, pactl). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const SINK = 'vmic';
const SOURCE = 'trumpetmic';

export async function startVirtualMicServer(): Promise<VirtualMicServer> {
  const dir = await mkdtemp(join(tmpdir(), 'embouchure-pulse-'));
  const socket = join(dir, 'native');
  const env = {
    XDG_RUNTIME_DIR: dir,
    PULSE_RUNTIME_PATH: dir,
    PULSE_SERVER: `unix:${socket}`,
  };
  let server: Started | undefined;
  try {
    server = startProcess(
      'pulseaudio',
      [
        '--daemonize=no',
        '--exit-idle-time=-1',
        '--disallow-exit',
        '--use-pid-file=no',
        '--system=no',
        '-n', // no default.pa: only the modules below
        '--load=module-native-protocol-unix auth-anonymous=1 socket=' + socket,
        `--load=module-null-sink sink_name=${SINK} rate=44100 channels=1`,
        `--load=module-remap-source master=${SINK}.monitor source_name=${SOURCE} channels=1`,
        '--load=module-always-sink',
      ],
      { env: { ...process.env, ...env, HOME: dir } },
    );
    await waitUntil(
      'PulseAudio',
      () => run('pactl', ['info'], { ...process.env, ...env }).then(() => true),
      15_000,
    );
    await run('pactl', ['set-default-source', SOURCE], { ...process.env, ...env });
    await run('pactl', ['set-default-sink', SINK], { ...process.env, ...env });
  } catch (error) {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`engines: PulseAudio did not start (${server?.stderr() ?? ''})`, {
      cause: error,
    });
  }
  return {
    env,
    async stop() {
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A WAV being played into the virtual microphone, again and again until stopped. */
export interface MicPlayback {
  stop(): Promise<void>;
  /** What the player did (for a failing test's message): plays started, the last exit, stderr. */
  report(): string;
}

/**
 * Plays `wav` into the virtual microphone; with `loop` (default) starts it again when it ends,
 * as Chromium's fake capture file does. Only one playback should run at a time.
 */
export function playIntoMic(
  env: Record<string, string>,
  wav: string,
  options: { loop?: boolean } = {},
): MicPlayback {
  const loop = options.loop ?? true;
  let stopped = false;
  let current: Started | undefined;
  let plays = 0;
  let lastExit = 'none yet';
  const next = (): void => {
    if (stopped) return;
    plays += 1;
    const started = startProcess('paplay', [`--device=${SINK}`, wav], {
      env: { ...process.env, ...env },
    });
    current = started;
    started.child.once('exit', (code, signal) => {
      lastExit = `${code ?? signal} after ${started.stderr().trim() || 'no stderr'}`;
      if (loop) next();
    });
  };
  next();
  return {
    async stop() {
      stopped = true;
      await current?.stop();
    },
    report: () => `paplay ${basename(wav)}: started ${plays}×, last exit ${lastExit}`,
  };
}
