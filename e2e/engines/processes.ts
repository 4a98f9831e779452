import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes the engine tests start themselves (Xvfb, PulseAudio, WebKitWebDriver, a
 * looping `paplay`): each in its own process group, so `stop()` ends it and everything it spawned
 * (MiniBrowser and WebKit's helper processes) by the group's id, never by name.
 */
export interface Started {
  readonly child: ChildProcess;
  /** What it wrote to stderr so far (for error messages). */
  readonly stderr: () => string;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the leader has exited. */
  stop(graceMs?: number): Promise<void>;
}

export function startProcess(command: string, args: string[], options: SpawnOptions = {}): Started {
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true, // a new process group, led by the child
    ...options,
  });
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  return {
    child,
    stderr: () => stderr,
    async stop(graceMs = 3000) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // Helpers of the leader (e.g. WebKit's web process) may outlive it: end the group for good.
      signalGroup('SIGKILL');
    },
  };
}

/** A free TCP port on 127.0.0.1 (for WebKitWebDriver). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `ready` every 100 ms until it resolves true, or throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  ready: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(ready)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`engines: ${what} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a command to its end; resolves with stdout, rejects with its stderr on failure. */
export function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')}: ${code} ${err}`)),
    );
  });
}
