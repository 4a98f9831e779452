import { currentPlatform } from './platform';

/**
 * Practice reminders as local notifications (`@capacitor/local-notifications`, imported on first
 * use, native only): scheduled on the device, weekly at a day and time, no server. On the web
 * there is no way to wake a closed page at a time, so `available()` is false and the UI says so.
 */
export interface WeeklyReminder {
  /** Stable per weekday, so rescheduling replaces rather than duplicates. */
  id: number;
  /** 0 = Sunday … 6 = Saturday (Date.getDay()). */
  day: number;
  hour: number;
  minute: number;
  title: string;
  body: string;
  /** The app path a tap opens. */
  route: string;
}

export type ReminderPermission = 'granted' | 'denied' | 'prompt';

export interface LocalRemindersPort {
  available(): boolean;
  requestPermission(): Promise<ReminderPermission>;
  /** Cancels `cancelIds`, then schedules `reminders` (each repeats weekly). */
  replace(cancelIds: readonly number[], reminders: readonly WeeklyReminder[]): Promise<void>;
  /** Calls `listener` with the route of a reminder the player tapped; resolves to a stop function. */
  onTap(listener: (route: string) => void): Promise<() => void>;
}

// The module, never the plugin itself, crosses a promise: Capacitor's plugin Proxy answers
// `then` as a native method ("LocalNotifications.then() is not implemented"), so awaiting it fails.
const load = () => import('@capacitor/local-notifications');

const asPermission = (value: string): ReminderPermission =>
  value === 'granted' ? 'granted' : value === 'denied' ? 'denied' : 'prompt';

export const localReminders: LocalRemindersPort = {
  available: () => currentPlatform() !== 'web',
  requestPermission: async () => {
    const plugin = (await load()).LocalNotifications;
    return asPermission((await plugin.requestPermissions()).display);
  },
  replace: async (cancelIds, reminders) => {
    const plugin = (await load()).LocalNotifications;
    if (cancelIds.length > 0) {
      await plugin.cancel({ notifications: cancelIds.map((id) => ({ id })) });
    }
    if (reminders.length === 0) return;
    await plugin.schedule({
      notifications: reminders.map((r) => ({
        id: r.id,
        title: r.title,
        body: r.body,
        // Capacitor's Weekday counts Sunday = 1 … Saturday = 7.
        schedule: {
          on: { weekday: r.day + 1, hour: r.hour, minute: r.minute },
          allowWhileIdle: true,
        },
        extra: { route: r.route },
      })),
    });
  },
  onTap: async (listener) => {
    const plugin = (await load()).LocalNotifications;
    const handle = await plugin.addListener('localNotificationActionPerformed', (action) => {
      const route = (action.notification.extra as { route?: unknown } | undefined)?.route;
      if (typeof route === 'string' && route.startsWith('/')) listener(route);
    });
    return () => void handle.remove();
  },
};
