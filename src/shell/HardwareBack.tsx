import { useIonRouter } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { appBack } from '../native/app-back';
import { currentPlatform } from '../native';
import { ON_SCREEN_BACK_ATTRIBUTE } from '../shared-ui/on-screen-back';
import { APP_BACK_PRIORITY, HOME_PATH, backAction } from './back-button';

interface BackButtonEvent extends Event {
  detail: { register(priority: number, handler: (next: () => void) => void): void };
}

/** The innermost Back button the player can see (hidden tabs and views are not visible). */
function visibleOnScreenBack(): HTMLElement | undefined {
  const buttons = document.querySelectorAll<HTMLElement>(`[${ON_SCREEN_BACK_ATTRIBUTE}]`);
  return (
    Array.from(buttons)
      // checkVisibility() needs Chrome 105+; an older Android WebView falls back to offsetParent
      // (null for display:none and hidden ancestors, which is how tabs and views are hidden).
      .filter((button) =>
        typeof button.checkVisibility === 'function'
          ? button.checkVisibility()
          : button.offsetParent !== null,
      )
      .at(-1)
  );
}

/**
 * Android's back button: the settings modal closes itself (Ionic's overlay handler, priority
 * 100); otherwise the page's own Back, then back, then home, and out of the app only from home
 * (`back-button.ts`).
 * Renders nothing; on the web and iOS it does nothing.
 */
export function HardwareBack() {
  const router = useIonRouter();
  const { pathname } = useLocation();
  const state = useRef({ router, pathname });
  useEffect(() => {
    state.current = { router, pathname };
  });
  useEffect(() => {
    if (currentPlatform() !== 'android') return;
    let stop: (() => void) | undefined;
    let stopped = false;
    appBack.listen().then(
      (s) => (stopped ? s() : (stop = s)),
      (error: unknown) => console.error('back button listener failed', error),
    );
    const onBack = (event: Event) => {
      (event as BackButtonEvent).detail.register(APP_BACK_PRIORITY, () => {
        const { router: r, pathname: path } = state.current;
        const onScreen = visibleOnScreenBack();
        const action = backAction(path, {
          onScreenBack: onScreen !== undefined,
          linearHistory: r.canGoBack() && Boolean(r.routeInfo.pushedByRoute),
        });
        if (action.kind === 'on-screen') onScreen?.click();
        else if (action.kind === 'back') r.goBack();
        else if (action.kind === 'home') r.push(HOME_PATH, 'back', 'replace');
        else void appBack.exit();
      });
    };
    document.addEventListener('ionBackButton', onBack);
    return () => {
      stopped = true;
      stop?.();
      document.removeEventListener('ionBackButton', onBack);
    };
  }, []);
  return null;
}
