import type { PitchService } from '../audio/stream/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { hzToMidi } from '../music';
import { defaultStorage, type KeyValueStorage } from '../storage';
import type { DeviceRecord } from '../storage/sync/device-source';
import { mergePracticeDays } from './logic/device-days';
import { createPracticeCounter, parsePracticeDays, type PracticeDays } from './logic/practice-days';
import { createOthers } from './other-devices';

export const PRACTICE_DAYS_KEY = 'embouchure.practice-days.v1';
/** The account's other devices' days, by device id (synced in, never written here). */
export const PRACTICE_DAYS_OTHERS_KEY = 'embouchure.practice-days.others.v1';
/** How often the days are written while notes come in, ms (and always when the page hides). */
const SAVE_EVERY_MS = 10_000;

export interface PracticeDaysStore {
  /**
   * The days so far, this device's and the account's other devices' added (a new object after
   * each change).
   */
  readonly days: ReadonlyObservable<Readonly<PracticeDays>>;
  /** This device's days as the account syncs them (src/storage/sync/device-source.ts). */
  readonly device: DeviceRecord;
  /** Start counting the stream's notes; returns the stop function (saves what is pending). */
  listen(service: PitchService): () => void;
  /** Write now (tests, page hide). */
  save(): void;
}

function load(storage: KeyValueStorage | null): PracticeDays {
  try {
    const text = storage?.getItem(PRACTICE_DAYS_KEY);
    return parsePracticeDays(text ? JSON.parse(text) : undefined);
  } catch {
    return {};
  }
}

/**
 * Minutes on the face as the practice happens (issue 24): every note the stream ends (note-off,
 * the one place the app decides what a note is) is added to today's sums, wherever the player is
 * (tuner, exercise, piece), and the days are saved every few seconds: the Progress screen reads a
 * few hundred small records, never a log of notes.
 */
export function createPracticeDaysStore(
  storage: KeyValueStorage | null = defaultStorage(),
): PracticeDaysStore {
  let days = load(storage);
  const others = createOthers(storage, PRACTICE_DAYS_OTHERS_KEY, parsePracticeDays, () =>
    observable.set(merged()),
  );
  const merged = (): PracticeDays => mergePracticeDays([days, ...others.values()]);
  const observable = createObservable<Readonly<PracticeDays>>(merged());
  const saved = new Set<() => void>();
  const counter = createPracticeCounter();
  let dirty = false;
  const save = () => {
    if (!dirty) return;
    dirty = false;
    try {
      storage?.setItem(PRACTICE_DAYS_KEY, JSON.stringify(days));
    } catch {
      // Storage full or blocked: the minutes still show for this session.
    }
    for (const listener of [...saved]) listener();
  };
  return {
    days: observable,
    device: {
      own: () => (Object.keys(days).length > 0 ? days : null),
      subscribe(listener) {
        saved.add(listener);
        return () => saved.delete(listener);
      },
      putOther: others.put,
      removeOther: others.remove,
    },
    save,
    listen(service) {
      // Readings are on the performance.now() timeline; days are wall-clock.
      const toWallMs = (ms: number) => performance.timeOrigin + ms;
      const timer = setInterval(save, SAVE_EVERY_MS);
      const doc = globalThis.document as Document | undefined;
      const onHide = () => {
        if (doc?.visibilityState === 'hidden') save();
      };
      doc?.addEventListener('visibilitychange', onHide);
      globalThis.addEventListener?.('pagehide', save);
      const off = service.notes.subscribe((event) => {
        if (event.type !== 'note-off') return;
        const midi = Math.round(hzToMidi(event.hz));
        const day = counter.add(days, {
          onsetMs: toWallMs(event.onsetMs),
          offsetMs: toWallMs(event.offsetMs),
          midi,
        });
        if (day === null) return;
        days = { ...days };
        dirty = true;
        observable.set(merged());
      });
      return () => {
        off();
        clearInterval(timer);
        doc?.removeEventListener('visibilitychange', onHide);
        globalThis.removeEventListener?.('pagehide', save);
        save();
      };
    },
  };
}

let shared: PracticeDaysStore | null = null;
export function getPracticeDaysStore(): PracticeDaysStore {
  shared ??= createPracticeDaysStore();
  return shared;
}
