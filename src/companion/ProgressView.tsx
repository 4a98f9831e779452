import { useEffect, useMemo, useState } from 'react';
import { getHistoryStore } from '../history/history-db';
import { emptySummary, type HistorySummary } from '../history/summary';
import { useObservable } from '../lib/use-observable';
import { concertToWrittenMidi, noteName } from '../music';
import { getSettingsStore, useSettings } from '../settings';
import { getCompanionPrefs } from './companion-prefs';
import { pieceTrends } from './logic/piece-trends';
import { dayOf } from './logic/practice-days';
import { computeProgress } from './logic/progress';
import { restNudge } from './logic/rest-nudge';
import { routineTally } from './logic/routine-days';
import { usePieceDays, type PieceScoresSource } from './piece-scores';
import { getPracticeDaysStore } from './practice-recorder';
import { MinutesChart, RangeChart, TrendLine } from './ProgressCharts';
import { getRoutineDaysStore } from './routine-days-store';
import './companion.css';

const GOALS = [5, 10, 15, 20, 30, 45, 60, 90, 120];

const percent = (ratio: number | null) => (ratio === null ? '—' : `${Math.round(ratio * 100)} %`);

/** A local day in the player's language: "Friday" (within the last 7 days: unique) or "Nov 20". */
const shortDay = (day: string, format: Intl.DateTimeFormatOptions) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12).toLocaleDateString(undefined, format);
};
const WEEKDAY = { weekday: 'long' } as const;
const DATE = { day: 'numeric', month: 'short' } as const;

/**
 * The player's progress from what is recorded on this device: minutes on the face and rest
 * (counted as they play), the daily goal and streak (which can be turned off), the days the
 * routine was finished, the range held each week and each exercise's and piece's trend. Numbers
 * first, as text; the charts repeat them.
 */
export function ProgressView(props: { today?: Date; pieces?: PieceScoresSource }) {
  const prefsStore = getCompanionPrefs();
  const prefs = useObservable(prefsStore);
  const days = useObservable(getPracticeDaysStore().days);
  const routineDays = useObservable(getRoutineDaysStore().days);
  const pieceDays = usePieceDays(props.pieces);
  const settings = useSettings(getSettingsStore());
  const history = getHistoryStore();
  const version = useObservable(history.version);
  const [summary, setSummary] = useState<HistorySummary | null>(null);

  useEffect(() => {
    let cancelled = false;
    history.summary().then(
      (loaded) => !cancelled && setSummary(loaded),
      () => !cancelled && setSummary(emptySummary()), // history unavailable: the minutes still show
    );
    return () => {
      cancelled = true;
    };
  }, [history, version]);

  const today = props.today;
  const progress = useMemo(
    () =>
      summary
        ? computeProgress(days, summary, today ?? new Date(), {
            dailyGoalMin: prefs.dailyGoalMin,
            streaks: prefs.streaks,
          })
        : null,
    [days, summary, today, prefs.dailyGoalMin, prefs.streaks],
  );
  const pieces = useMemo(() => (pieceDays ? pieceTrends(pieceDays) : null), [pieceDays]);
  const routine = useMemo(() => {
    const now = (today ?? new Date()).getTime();
    return routineTally(routineDays, dayOf(now - 6 * 86_400_000), dayOf(now));
  }, [routineDays, today]);
  if (!progress) return <p className="progress">…</p>;

  const written = (concertMidi: number) =>
    noteName(concertToWrittenMidi(concertMidi, settings.transposition), {
      spelling: settings.spelling,
    });
  const goalFraction = Math.min(1, progress.todaySoundMin / progress.goalMin);
  const nudge = restNudge(progress.weekRestRatio, progress.weekSoundMin);

  return (
    <section className="progress" aria-labelledby="progress-title" data-testid="progress">
      <h2 id="progress-title" className="companion__title">
        Your practice
      </h2>
      <dl className="progress__figures" data-testid="progress-figures">
        <div>
          <dt>Today</dt>
          <dd data-testid="progress-today">
            {progress.todaySoundMin} of {progress.goalMin} min
          </dd>
        </div>
        <div>
          <dt>Last 7 days</dt>
          <dd data-testid="progress-week">{progress.weekSoundMin} min</dd>
        </div>
        <div>
          <dt>Rest</dt>
          <dd data-testid="progress-rest">{percent(progress.weekRestRatio)}</dd>
        </div>
        {progress.streakDays !== null && (
          <div>
            <dt>Streak</dt>
            <dd data-testid="progress-streak">
              {progress.streakDays} day{progress.streakDays === 1 ? '' : 's'}
            </dd>
          </div>
        )}
      </dl>
      <div
        className="progress__goal"
        role="progressbar"
        aria-label="Today's goal"
        aria-valuemin={0}
        aria-valuemax={progress.goalMin}
        aria-valuenow={progress.todaySoundMin}
      >
        <div style={{ width: `${goalFraction * 100}%` }} />
      </div>
      {nudge !== null && (
        <p className="progress__note" data-testid="progress-rest-nudge">
          {nudge}
        </p>
      )}
      <p className="progress__routine" data-testid="progress-routine">
        Routine done on {routine.doneDays.length} of the last {routine.rangeDays} days
        {routine.doneDays.length > 0
          ? `: ${routine.doneDays.map((d) => shortDay(d, WEEKDAY)).join(', ')}.`
          : '.'}
      </p>
      <p className="progress__note">
        {progress.goalMet
          ? 'Goal reached today. Rest counts too: brass players need it.'
          : 'Minutes with sound on the face, counted while the app listens (tuner, exercises, pieces).'}
      </p>
      <h3 className="companion__subtitle">Minutes per day</h3>
      <MinutesChart days={progress.days} />
      <h3 className="companion__subtitle">Range held ≥ 1 s, per week (written)</h3>
      <RangeChart weeks={progress.range} name={written} />
      <h3 className="companion__subtitle">Exercises</h3>
      {progress.trends.length === 0 ? (
        <p className="progress__note">Exercise scores appear here once you have saved some.</p>
      ) : (
        progress.trends.map((trend) => (
          <TrendLine
            key={trend.exercise}
            label={trend.label}
            points={trend.points}
            change={trend.change}
            testId="exercise-trend"
          />
        ))
      )}
      <h3 className="companion__subtitle">Pieces</h3>
      {pieces === null ? (
        <p className="progress__note">…</p>
      ) : pieces.length === 0 ? (
        <p className="progress__note" data-testid="piece-trends-empty">
          Each piece you play appears here with its scores over time.
        </p>
      ) : (
        pieces.map((trend) => (
          <TrendLine
            key={trend.pieceId}
            label={trend.title}
            points={trend.points}
            change={trend.change}
            detail={`${trend.attempts} attempt${trend.attempts === 1 ? '' : 's'}, best ${trend.best}, last played ${shortDay(trend.lastDay, DATE)}`}
            testId="piece-trend"
          />
        ))
      )}
      <div className="companion__row">
        <label className="companion__field">
          <span>Daily goal</span>
          <select
            data-testid="progress-goal"
            value={prefs.dailyGoalMin}
            onChange={(event) => prefsStore.update({ dailyGoalMin: Number(event.target.value) })}
          >
            {GOALS.map((g) => (
              <option key={g} value={g}>
                {g} min
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={prefs.streaks ? 'companion__chip companion__chip--on' : 'companion__chip'}
          aria-pressed={prefs.streaks}
          data-testid="progress-streaks"
          onClick={() => prefsStore.update({ streaks: !prefs.streaks })}
        >
          Show streak
        </button>
      </div>
    </section>
  );
}
