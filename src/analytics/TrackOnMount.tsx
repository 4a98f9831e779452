import { useEffect, useRef, type ReactNode } from 'react';
import { track, type AnalyticsEvent } from './track';

/** Tracks `event` once when its children are first shown (e.g. the tuner page). */
export function TrackOnMount(props: { event: AnalyticsEvent; children: ReactNode }) {
  const { event } = props;
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    track(event);
  }, [event]);
  return props.children;
}
