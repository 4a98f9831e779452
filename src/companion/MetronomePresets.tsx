import { useState } from 'react';
import { useObservable } from '../lib/use-observable';
import { meterLabel } from './logic/meter';
import type { MetronomeConfig } from './logic/metronome-source';
import { savePreset, type MetronomeStore } from './metronome-store';

/** Saved metronome settings: name and save the current one, load or delete a saved one. */
export function MetronomePresets(props: {
  store: MetronomeStore;
  onLoad: (config: MetronomeConfig) => void;
}) {
  const { presets } = useObservable(props.store);
  const [name, setName] = useState('');
  return (
    <div className="metronome__presets" data-testid="metronome-presets">
      <form
        className="metronome__row"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          savePreset(props.store, name);
          setName('');
        }}
      >
        <label className="metronome__field">
          <span>Preset</span>
          <input
            type="text"
            value={name}
            maxLength={40}
            placeholder="Name, e.g. Clarke 2"
            data-testid="preset-name"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <button type="submit" className="metronome__chip" data-testid="preset-save">
          Save
        </button>
      </form>
      {presets.length > 0 && (
        <ul className="metronome__preset-list">
          {presets.map((preset) => (
            <li key={preset.name}>
              <button
                type="button"
                className="metronome__chip"
                data-testid="preset-load"
                onClick={() => props.onLoad(preset.config)}
              >
                {preset.name} · {meterLabel(preset.config.meter)} · {preset.config.bpm}
              </button>
              <button
                type="button"
                className="metronome__chip"
                aria-label={`Delete preset ${preset.name}`}
                onClick={() =>
                  props.store.update({ presets: presets.filter((p) => p.name !== preset.name) })
                }
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
