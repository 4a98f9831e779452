import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { noteNavigation } from '../shared-ui/app-history';

/** Keeps src/shared-ui/app-history.ts up to date with every navigation. Renders nothing. */
export function AppHistoryLedger() {
  const location = useLocation();
  const action = useNavigationType();
  const previous = useRef<{ key: string; pathname: string } | null>(null);
  useEffect(() => {
    const before = previous.current;
    if (before && before.key !== location.key) noteNavigation(action, location.key, before);
    previous.current = { key: location.key, pathname: location.pathname };
  }, [action, location.key, location.pathname]);
  return null;
}
