import { useEffect, useState } from 'react';
import { useObservable } from '../lib/use-observable';
import type { HistoryStore } from './history-db';
import { minutesLastSevenDays, practiceStreakDays } from './practice-week';
import { attemptLabel, type AttemptRecord } from './records';
import { localDay } from './stats';

interface Loaded {
  week: number;
  streak: number;
  /** The attempts of the last day practised, newest first. */
  last: AttemptRecord[];
}

const formatMinutes = (minutes: number): string =>
  minutes < 1 && minutes > 0 ? '< 1 min' : `${Math.round(minutes)} min`;

/** What the player practised last and how the week goes, for the home page (from the history). */
export function PracticeSummary(props: { history: HistoryStore; today?: Date }) {
  const version = useObservable(props.history.version);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const today = props.today;

  useEffect(() => {
    let cancelled = false;
    Promise.all([props.history.summary(), props.history.recent(30)]).then(
      ([summary, recent]) => {
        if (cancelled) return;
        const now = today ?? new Date();
        const newestFirst = [...recent].reverse(); // recent() is oldest first
        const lastDay = newestFirst[0] ? localDay(newestFirst[0].startedAt) : null;
        setLoaded({
          week: minutesLastSevenDays(summary.minutesByDay, now),
          streak: practiceStreakDays(summary.minutesByDay, now),
          last: newestFirst.filter((a) => localDay(a.startedAt) === lastDay),
        });
        setFailed(false);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [props.history, version, today]);

  if (failed) return null; // the page's storage warning already says why
  if (!loaded) return <p className="practice-summary practice-summary--loading">…</p>;
  if (loaded.last.length === 0) {
    return (
      <p className="practice-summary" data-testid="practice-summary">
        No practice yet. Start today’s routine below: your sessions, streak and minutes appear here.
      </p>
    );
  }
  const { last } = loaded;
  const lastMinutes = last.reduce((sum, a) => sum + a.durationS, 0) / 60;
  const when = new Date(last[0].startedAt).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'short',
  });
  return (
    <div className="practice-summary" data-testid="practice-summary">
      <dl className="practice-summary__stats">
        <div>
          <dt>Streak</dt>
          <dd data-testid="streak-days">
            {loaded.streak} {loaded.streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Last 7 days</dt>
          <dd data-testid="week-minutes">{formatMinutes(loaded.week)}</dd>
        </div>
      </dl>
      <p className="practice-summary__last" data-testid="last-session">
        <strong>Last session</strong>, {when} ({formatMinutes(lastMinutes)}):{' '}
        {last
          .slice()
          .reverse()
          .map((a) => `${attemptLabel(a)} ${a.score}${a.partial ? ' (partial)' : ''}`)
          .join(', ')}
      </p>
    </div>
  );
}
