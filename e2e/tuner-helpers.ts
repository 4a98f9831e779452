import type { Page } from 'playwright-core';

/** What the e2e tests read of the page's pitch service (`globalThis.__embouchurePitchService`). */
export interface ServiceSnapshot {
  state: string;
  errorKind: string | null;
  errorMessage: string | null;
  hz: number;
  diagnostics: {
    engineMemoryBytes: number;
    sampleRate: number;
    contextState: string;
    contextsCreated: number;
    contextsClosed: number;
    tracksOpened: number;
    tracksStopped: number;
    messages: number;
    fastResponse: boolean;
  };
}

interface HookService {
  status: { get(): { state: string; error?: { kind: string; message: string } } };
  reading: { get(): { hz: number } };
  diagnostics(): ServiceSnapshot['diagnostics'];
  connect(options?: { fastResponse?: boolean }): Promise<void>;
  disconnect(): Promise<void>;
}

type HookGlobal = { __embouchurePitchService?: HookService };

export function serviceSnapshot(page: Page): Promise<ServiceSnapshot> {
  return page.evaluate((): ServiceSnapshot => {
    const service = (globalThis as unknown as HookGlobal).__embouchurePitchService;
    if (!service) throw new Error('no pitch service on the page');
    const status = service.status.get();
    return {
      state: status.state,
      errorKind: status.error?.kind ?? null,
      errorMessage: status.error?.message ?? null,
      hz: service.reading.get().hz,
      diagnostics: service.diagnostics(),
    };
  });
}

/** Disconnect then connect `cycles` times inside the page; resolves when done. */
export function cycleService(page: Page, cycles: number): Promise<void> {
  return page.evaluate(async (n: number) => {
    const service = (globalThis as unknown as HookGlobal).__embouchurePitchService;
    if (!service) throw new Error('no pitch service on the page');
    for (let i = 0; i < n; i++) {
      await service.disconnect();
      await service.connect();
    }
  }, cycles);
}

/** Cents from `refHz` to `hz`. */
export const centsOff = (hz: number, refHz: number): number => 1200 * Math.log2(hz / refHz);
