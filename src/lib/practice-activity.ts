import { createObservable, type ReadonlyObservable } from './observable';

/**
 * Whether this tab, or any other tab of the app, is in the middle of practice (an exercise
 * running). The update prompt (src/pwa) waits for "nobody practising" before it applies a new
 * version: a reload mid long tone would lose the note being played. Tabs talk over a
 * BroadcastChannel; where there is none (old WebViews), only this tab counts.
 */
type Message = { type: 'query' } | { type: 'state'; tab: string; practising: boolean };

const CHANNEL = 'embouchure-practice';
const tab = Math.random().toString(36).slice(2);
let active = 0;
const local = createObservable(false);
/** Other tabs' last known state (tab id → practising). */
const others = new Map<string, boolean>();
const anyone = createObservable(false);

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

const refresh = (): void => {
  anyone.set(local.get() || [...others.values()].some(Boolean));
};
const announce = (): void => {
  channel?.postMessage({ type: 'state', tab, practising: local.get() } satisfies Message);
};

if (channel) {
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.type === 'query') announce();
    else if (message.type === 'state' && message.tab !== tab) {
      others.set(message.tab, message.practising);
      refresh();
    }
  };
  // A tab that closes mid-exercise must not hold updates back forever.
  globalThis.addEventListener?.('pagehide', () => {
    if (local.get()) channel.postMessage({ type: 'state', tab, practising: false });
  });
}

/** Marks this tab as practising until the returned function is called. */
export function beginPractice(): () => void {
  active++;
  local.set(true);
  refresh();
  announce();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active--;
    local.set(active > 0);
    refresh();
    announce();
  };
}

/** True while this tab or another one is practising (as last heard). */
export const practisingAnywhere: ReadonlyObservable<boolean> = anyone;

/** Asks every tab for its state now and answers after `waitMs` (true if anyone practises). */
export async function askTabs(waitMs = 300): Promise<boolean> {
  others.clear();
  channel?.postMessage({ type: 'query' } satisfies Message);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  refresh();
  return anyone.get();
}
