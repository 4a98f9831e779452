import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { localReminders } from '../native/local-notifications';

/** Native only (loaded lazily): a tapped reminder opens its route (the practice home). */
export function ReminderTaps() {
  const navigate = useNavigate();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    localReminders
      .onTap((route) => navigate(route))
      .then(
        (off) => (cancelled ? off() : (stop = off)),
        (error: unknown) => console.warn('reminder taps unavailable', error),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [navigate]);
  return null;
}
