import type { TestProject } from 'vitest/node';
import { startVirtualMicServer } from './virtual-mic';

/** One PulseAudio server (the virtual microphone) for the whole engine run, stopped at its end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startVirtualMicServer();
  project.provide('virtualMicEnv', server.env);
  return () => server.stop();
}
