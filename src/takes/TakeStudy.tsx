import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { decodeSegment } from '../audio/recording/decode-audio';
import { hzToMidi } from '../music';
import type { Take } from './take-format';
import { LatencyNote } from '../shared-ui/latency/LatencyNote';
import {
  harmonicSpectrum,
  longestSustainedNote,
  studyNotes,
  type HarmonicSpectrum,
} from './take-study';

const signed = (cents: number): string =>
  Number.isNaN(cents) ? '—' : `${cents > 0 ? '+' : ''}${cents.toFixed(0)}`;

/** Per note: onset, median offset and spread; the tone (harmonics, brightness) of a held note. */
export function TakeStudy(props: { take: Take; a4Hz: number; label: (midi: number) => string }) {
  const { take, a4Hz, label } = props;
  const rows = studyNotes(take.readings, take.notes, a4Hz);
  const sustained = longestSustainedNote(take.notes);
  const [spectrum, setSpectrum] = useState<HarmonicSpectrum | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const analyse = async (): Promise<void> => {
    if (!sustained) return;
    setStatus('Analysing…');
    try {
      // The middle of the note, past the attack: up to 1 s.
      const mid = (sustained.onsetMs + sustained.offsetMs) / 2;
      const half = Math.min(500, (sustained.offsetMs - sustained.onsetMs) / 2 - 100);
      const { samples, sampleRate } = await decodeSegment(
        take.audio,
        take.meta.durationMs,
        Math.max(0, mid - half),
        mid + half,
      );
      setSpectrum(harmonicSpectrum(samples, sampleRate, sustained.hz, 10));
      setStatus(null);
    } catch (failure) {
      setStatus(
        `Could not analyse the tone: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
  };

  return (
    <section className="take-study" data-testid="take-study">
      <h3>Notes</h3>
      {take.meta.inputLatency === 'unknown' && <LatencyNote status="unknown" />}
      {rows.length === 0 ? (
        <p>No notes were heard in this take.</p>
      ) : (
        <table className="take-study__table">
          <thead>
            <tr>
              <th scope="col">Note</th>
              <th scope="col">Onset</th>
              <th scope="col">Median ¢</th>
              <th scope="col">Spread ¢</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i} data-testid="study-row">
                <td>{label(row.midi)}</td>
                <td>{(row.onsetMs / 1000).toFixed(2)} s</td>
                <td>{signed(row.medianCents)}</td>
                <td>{Number.isNaN(row.spreadCents) ? '—' : row.spreadCents.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Tone</h3>
      {sustained ? (
        <>
          <IonButton
            size="small"
            fill="outline"
            onClick={() => void analyse()}
            data-testid="analyse-tone"
          >
            Harmonics of {label(Math.round(hzToMidi(sustained.hz)))}
          </IonButton>
          {status && <p role="status">{status}</p>}
          {spectrum && (
            <div
              className="take-study__spectrum"
              data-testid="tone-spectrum"
              data-brightness={spectrum.brightness.toFixed(2)}
            >
              <p>
                Brightness <strong>{spectrum.brightness.toFixed(2)}</strong> (mean harmonic: 1 is a
                pure tone; compare takes of the same note)
              </p>
              <div className="take-study__bars" role="img" aria-label="Harmonic amplitudes">
                {spectrum.amplitudes.map((a, i) => (
                  <div key={i} className="take-study__bar">
                    <span style={{ height: `${Math.max(2, a * 100)}%` }} />
                    <small>{i + 1}</small>
                  </div>
                ))}
              </div>
            </div>
          )}
        </>
      ) : (
        <p>Hold a note for at least half a second to study its tone.</p>
      )}
    </section>
  );
}
