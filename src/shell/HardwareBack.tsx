import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { appBack } from '../native/app-back';
import { currentPlatform } from '../native';
import { pathBelow } from '../shared-ui/app-history';
import { APP_BACK_PRIORITY, HOME_PATH, backAction } from './back-button';
import { type BackButtonDetail, startBackDispatch } from './back-dispatch';

/**
 * Android's back button: the settings modal closes itself (Ionic's overlay handler, priority
 * 100); otherwise back through the router's history, home when nothing of the app is below, and
 * out of the app only from home (`back-button.ts`). Every screen a player can be on is a route
 * (an exercise's run is `…/play` above its setup), so back means what the browser's Back means.
 * Renders nothing; on the web and iOS it does nothing.
 */
export function HardwareBack() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = useRef({ navigate, location });
  useEffect(() => {
    state.current = { navigate, location };
  });
  useEffect(() => {
    if (currentPlatform() !== 'android') return;
    // The press is dispatched from here, before Android is asked for the button: Ionic's own
    // dispatch starts only from ion-app's first idle callback (back-dispatch.ts).
    const stopDispatch = startBackDispatch(document);
    let stop: (() => void) | undefined;
    let stopped = false;
    appBack.listen().then(
      (s) => (stopped ? s() : (stop = s)),
      (error: unknown) => console.error('back button listener failed', error),
    );
    const onBack = (event: Event) => {
      (event as CustomEvent<BackButtonDetail>).detail.register(APP_BACK_PRIORITY, () => {
        const { navigate: go, location: here } = state.current;
        const action = backAction(here.pathname, {
          canGoBack: pathBelow(here.key) !== undefined,
        });
        if (action.kind === 'back') go(-1);
        else if (action.kind === 'home') go(HOME_PATH, { replace: true });
        else void appBack.exit();
      });
    };
    document.addEventListener('ionBackButton', onBack);
    return () => {
      stopped = true;
      stop?.();
      stopDispatch();
      document.removeEventListener('ionBackButton', onBack);
    };
  }, []);
  return null;
}
