/** A handler given the press; `next` hands it to the next-highest priority. */
export type BackHandler = (next: () => void) => unknown;

export interface BackButtonDetail {
  register(priority: number, handler: BackHandler): void;
}

/**
 * Turns Capacitor's `backbutton` event into Ionic's `ionBackButton` and runs the highest priority
 * handler registered for it (an open overlay 100, a menu 99, the app 1, Ionic's router 0), as
 * Ionic's `startHardwareBackButton` does (@ionic/core, `utils/hardware-back-button.ts`): ties go
 * to the later registration, and a press while a handler is still running is ignored.
 *
 * Why the app starts it itself: `ion-app` starts Ionic's from its first idle callback and then an
 * import, so on a busy phone a press in the first moments after opening was lost (found under
 * load, issue 20). This one starts with the app's back-button handler, before Android is asked
 * for the button; Ionic's is switched off (`hardwareBackButton: false` in `main.tsx`).
 * Returns a stop function.
 */
export function startBackDispatch(target: EventTarget): () => void {
  let busy = false;
  const onPress = () => {
    if (busy) return;
    // In registration order: the reduce below keeps the later of equal priorities.
    let registered: { priority: number; handler: BackHandler }[] = [];
    const detail: BackButtonDetail = {
      register: (priority, handler) => registered.push({ priority, handler }),
    };
    target.dispatchEvent(new CustomEvent('ionBackButton', { bubbles: false, detail }));
    const runNext = (): void => {
      if (registered.length === 0) return;
      const best = registered.reduce((top, entry) =>
        entry.priority >= top.priority ? entry : top,
      );
      registered = registered.filter((entry) => entry !== best);
      busy = true;
      void (async () => {
        try {
          await best.handler(runNext);
        } catch (error) {
          console.error('back button handler failed', error);
        }
      })().then(() => (busy = false));
    };
    runNext();
  };
  target.addEventListener('backbutton', onPress);
  return () => target.removeEventListener('backbutton', onPress);
}
