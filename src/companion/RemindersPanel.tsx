import { useState } from 'react';
import { useObservable } from '../lib/use-observable';
import { localReminders } from '../native/local-notifications';
import { getCompanionPrefs, isTimeOfDay, type CompanionPrefs } from './companion-prefs';
import { DAY_NAMES, nextReminder, planReminders, REMINDER_IDS } from './logic/reminders';
import './companion.css';

type Status = { kind: 'idle' | 'saved' | 'problem'; text: string };

/** Schedules the saved choice on the device (cancelling every earlier reminder first). */
export async function applyReminders(prefs: CompanionPrefs): Promise<string> {
  if (!localReminders.available()) return 'web';
  if (!prefs.remindersOn || prefs.reminderDays.length === 0) {
    await localReminders.replace(REMINDER_IDS, []);
    return 'off';
  }
  const permission = await localReminders.requestPermission();
  if (permission !== 'granted') return 'denied';
  await localReminders.replace(REMINDER_IDS, planReminders(prefs.reminderDays, prefs.reminderTime));
  return 'on';
}

/**
 * Reminders: the days and the time. On Android and iOS they are local notifications scheduled on
 * the phone; on the web the panel says plainly what a browser allows (nothing at a set time once
 * the page is closed).
 */
export function RemindersPanel() {
  const store = getCompanionPrefs();
  const prefs = useObservable(store);
  const native = localReminders.available();
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });

  const save = (patch: Partial<CompanionPrefs>) => {
    store.update(patch);
    const next = store.get();
    applyReminders(next).then(
      (result) => {
        const when = nextReminder(next.reminderDays, next.reminderTime, new Date());
        const texts: Record<string, string> = {
          on: when
            ? `Reminders set. Next: ${when.toLocaleString(undefined, { weekday: 'long', hour: '2-digit', minute: '2-digit' })}.`
            : 'Reminders set.',
          off: 'No reminders scheduled.',
          denied:
            'Notifications are turned off for Embouchure in the phone’s settings: allow them there, then try again.',
          web: '',
        };
        setStatus({ kind: result === 'denied' ? 'problem' : 'saved', text: texts[result] ?? '' });
      },
      (error: unknown) =>
        setStatus({
          kind: 'problem',
          text: `The reminders could not be scheduled (${String(error)}).`,
        }),
    );
  };

  const toggleDay = (day: number) =>
    save({
      reminderDays: prefs.reminderDays.includes(day)
        ? prefs.reminderDays.filter((d) => d !== day)
        : [...prefs.reminderDays, day].sort((a, b) => a - b),
    });

  return (
    <section className="reminders" aria-labelledby="reminders-title" data-testid="reminders">
      <h2 id="reminders-title" className="companion__title">
        Reminders
      </h2>
      {!native && (
        <p className="reminders__note" data-testid="reminders-web">
          In a browser, reminders cannot work: a web page cannot wake itself at a set time once it
          is closed, and Embouchure sends nothing from a server. Install the Android or iOS app for
          reminders, or set a repeating alarm on your phone. Your choice below is kept for the app.
        </p>
      )}
      <div className="companion__row">
        <button
          type="button"
          className={prefs.remindersOn ? 'companion__chip companion__chip--on' : 'companion__chip'}
          aria-pressed={prefs.remindersOn}
          data-testid="reminders-toggle"
          onClick={() => save({ remindersOn: !prefs.remindersOn })}
        >
          {prefs.remindersOn ? 'Reminders on' : 'Reminders off'}
        </button>
        <label className="companion__field">
          <span>At</span>
          <input
            type="time"
            value={prefs.reminderTime}
            data-testid="reminders-time"
            onChange={(event) => {
              if (isTimeOfDay(event.target.value)) save({ reminderTime: event.target.value });
            }}
          />
        </label>
      </div>
      <div className="reminders__days" role="group" aria-label="Days">
        {DAY_NAMES.map((name, day) => (
          <button
            key={name}
            type="button"
            aria-pressed={prefs.reminderDays.includes(day)}
            className={
              prefs.reminderDays.includes(day)
                ? 'companion__chip companion__chip--on'
                : 'companion__chip'
            }
            data-testid={`reminders-day-${day}`}
            onClick={() => toggleDay(day)}
          >
            {/* The whole name for screen readers (an aria-label would not contain the visible "Su"). */}
            <span aria-hidden="true">{name.slice(0, 2)}</span>
            <span className="companion-sr-only">{name}</span>
          </button>
        ))}
      </div>
      {status.text && (
        <p
          className="reminders__note"
          role={status.kind === 'problem' ? 'alert' : 'status'}
          data-testid="reminders-status"
        >
          {status.text}
        </p>
      )}
      <p className="reminders__note">
        A reminder opens the practice home, where today’s routine starts.
      </p>
    </section>
  );
}
