/**
 * The drone's sound as the player set it on the tuner (issue 23 row 8): volume, octave and
 * timbre, remembered on this device and synced with the account. Separate from the settings: it shapes only the tuner's
 * drone, not what the tuner aims at.
 */
import { DRONE_TIMBRES, type DroneTimbre } from '../audio/output/drone-voices';
import { createSyncedItem, type KeyValueStorage, type SyncedItem } from '../storage';

export const DRONE_OCTAVES = [-1, 0, 1] as const;
export type DroneOctave = (typeof DRONE_OCTAVES)[number];

export interface DroneOptions {
  /** 0..100 %, of DRONE_MAX_GAIN. */
  volumePercent: number;
  /** Octaves above (+1) or below (−1) the chosen root. */
  octave: DroneOctave;
  timbre: DroneTimbre;
}

/**
 * Gain at 100 %: twice the old fixed 0.2, which the drone tests' level estimate is built on
 * (`drone-canceller.node.test.ts`: +6 dB over the trumpet is still read right).
 */
export const DRONE_MAX_GAIN = 0.4;
export const DEFAULT_DRONE_OPTIONS: DroneOptions = Object.freeze({
  volumePercent: 50,
  octave: 0,
  timbre: 'sine',
});
export const DRONE_OPTIONS_KEY = 'embouchure.drone.v1';

export function droneGain(options: DroneOptions): number {
  return (DRONE_MAX_GAIN * options.volumePercent) / 100;
}

/** The voices shifted by the chosen octave. */
export function droneVoicesHz(voicesHz: readonly number[], options: DroneOptions): number[] {
  return voicesHz.map((hz) => hz * 2 ** options.octave);
}

/** Stored options, each field checked; anything missing or out of range takes its default. */
export function parseDroneOptions(raw: string | null): DroneOptions {
  let value: Partial<Record<keyof DroneOptions, unknown>> = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) value = parsed;
  } catch {
    // Corrupt: defaults.
  }
  const volume = value.volumePercent;
  return {
    volumePercent:
      typeof volume === 'number' && volume >= 0 && volume <= 100
        ? Math.round(volume)
        : DEFAULT_DRONE_OPTIONS.volumePercent,
    octave: DRONE_OCTAVES.find((o) => o === value.octave) ?? DEFAULT_DRONE_OPTIONS.octave,
    timbre: DRONE_TIMBRES.find((t) => t === value.timbre) ?? DEFAULT_DRONE_OPTIONS.timbre,
  };
}

/** The drone's sound as stored (a synced item: the account keeps the later edit). */
export function createDroneItem(storage?: KeyValueStorage | null): SyncedItem<DroneOptions> {
  return createSyncedItem({
    key: DRONE_OPTIONS_KEY,
    parse: (raw) => parseDroneOptions(raw === undefined ? null : JSON.stringify(raw)),
    storage,
  });
}

let shared: SyncedItem<DroneOptions> | undefined;
export function getDroneItem(): SyncedItem<DroneOptions> {
  shared ??= createDroneItem();
  return shared;
}

export function loadDroneOptions(storage?: KeyValueStorage | null): DroneOptions {
  return (storage === undefined ? getDroneItem() : createDroneItem(storage)).get().value;
}

/** Remembers the sound (storage full or blocked: the choice lasts this visit). */
export function saveDroneOptions(options: DroneOptions, storage?: KeyValueStorage | null): void {
  (storage === undefined ? getDroneItem() : createDroneItem(storage)).set(options);
}
