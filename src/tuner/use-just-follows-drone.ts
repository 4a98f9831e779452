import { useEffect } from 'react';
import { getAudioSession } from '../audio/output/audio-session';
import { getSettingsStore } from '../settings';
import { temperamentAfterDrone, temperamentAtOpen } from './temperament-follows-drone';

/**
 * Keeps the stored temperament with the drone (temperament-follows-drone.ts): Just is dropped when
 * the tuner opens with no drone sounding and when the drone stops. "Sounding" is what the audio
 * session plays and cancels (its fade-out included), whoever started it.
 */
export function useJustFollowsDrone(): void {
  useEffect(() => {
    const store = getSettingsStore();
    const sounding = getAudioSession().cancellationHz;
    let was = sounding.get().length > 0;
    const atOpen = temperamentAtOpen(store.get().temperament, was);
    if (atOpen !== store.get().temperament) store.update({ temperament: atOpen });
    return sounding.subscribe((hz) => {
      const is = hz.length > 0;
      const next = temperamentAfterDrone(store.get().temperament, was, is);
      was = is;
      if (next !== store.get().temperament) store.update({ temperament: next });
    });
  }, []);
}
