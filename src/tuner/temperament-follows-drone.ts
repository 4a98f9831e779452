import type { Temperament } from '../music';

/*
 * Issue 23 row 4: "Tune to: Just" stayed on silently across launches with the drone off, so every
 * note was aimed at just intonation over a root nobody heard. Just intonation is tuning against a
 * sounding drone (trumpet.md "Saying it right"): it belongs to the drone's session.
 */

/** The temperament when the tuner opens: Just needs a drone sounding, else equal. */
export function temperamentAtOpen(temperament: Temperament, droneSounding: boolean): Temperament {
  return temperament === 'just' && !droneSounding ? 'equal' : temperament;
}

/** The temperament after the drone starts or stops: Just ends with the drone it was aimed at. */
export function temperamentAfterDrone(
  temperament: Temperament,
  wasSounding: boolean,
  isSounding: boolean,
): Temperament {
  return temperament === 'just' && wasSounding && !isSounding ? 'equal' : temperament;
}
