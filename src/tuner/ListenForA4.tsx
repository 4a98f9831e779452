import { useEffect, useRef, useState } from 'react';
import { concertToWrittenMidi, getInstrument, MAX_A4_HZ, MIN_A4_HZ, noteName } from '../music';
import { getSettingsStore, useSettings } from '../settings';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { A4Listener, type ListenOutcome } from './a4-listener';
import './drone.css';

/** Give up after this long without a steady note, ms. */
const LISTEN_TIMEOUT_MS = 15_000;
/** Concert A4, MIDI. */
const A4_MIDI = 69;

type Step =
  | { step: 'idle' }
  | { step: 'listening'; progress: number }
  | { step: 'confirm'; outcome: Extract<ListenOutcome, { ok: true }> }
  | { step: 'done'; a4Hz: number; previousHz: number }
  | { step: 'failed'; message: string };

/**
 * "Listen for A4": hold an A (or let the band's tuning note sound) for a second; the steady
 * note's median sets A4 after a confirmation, with Undo. Re-renders only when the step changes
 * or the progress moves by a tenth, not per reading.
 */
export function ListenForA4() {
  const store = getSettingsStore();
  const settings = useSettings(store);
  const service = usePitchService();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const listener = useRef(new A4Listener());
  const listening = state.step === 'listening';

  useEffect(() => {
    if (!listening) return;
    const current = listener.current;
    current.reset();
    let shownTenths = 0;
    const timer = setTimeout(() => {
      setState({
        step: 'failed',
        message: `No steady note heard in ${LISTEN_TIMEOUT_MS / 1000} s. Hold one note for a second, then listen again.`,
      });
    }, LISTEN_TIMEOUT_MS);
    const unsubscribe = service.reading.subscribe((reading) => {
      const outcome = current.push(reading);
      if (outcome) {
        setState(
          outcome.ok
            ? { step: 'confirm', outcome }
            : { step: 'failed', message: `${outcome.reason} Hold a concert A and listen again.` },
        );
        return;
      }
      const tenths = Math.floor(current.progress * 10);
      if (tenths !== shownTenths) {
        shownTenths = tenths;
        setState({ step: 'listening', progress: tenths / 10 });
      }
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [listening, service]);

  const instrument = getInstrument(settings.transposition);
  const writtenA =
    instrument.id === 'concert'
      ? 'A4'
      : `written ${noteName(concertToWrittenMidi(A4_MIDI, instrument.id), { spelling: settings.spelling })} on ${instrument.name}`;

  const listen = () => {
    const status = service.status.get().state;
    if (status !== 'connected') {
      setState({
        step: 'failed',
        message:
          'The tuner is not listening: allow the microphone (or tap to start), then try again.',
      });
      return;
    }
    setState({ step: 'listening', progress: 0 });
  };

  const confirm = (a4Hz: number) => {
    const previousHz = settings.a4Hz;
    try {
      // The band's A must then read 0 ¢: in just intonation over another root it would not
      // (issue 23 row 4: "B4 as the 7th of C: aim −12 ¢" right after setting A4 from it).
      store.update({ a4Hz, temperament: 'equal' });
      setState({ step: 'done', a4Hz, previousHz });
    } catch (error) {
      setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="listen-a4" aria-labelledby="listen-a4-title" data-testid="listen-a4-panel">
      <h2 className="drone-panel__title" id="listen-a4-title">
        A4 by ear
      </h2>
      {state.step === 'idle' && (
        <>
          <p className="listen-a4__message">
            A4 = {settings.a4Hz} Hz. To take A4 from the band, hold a concert A ({writtenA}) or let
            the tuning note sound for a second.
          </p>
          <div className="listen-a4__actions">
            <button type="button" data-testid="listen-a4" onClick={listen}>
              Listen for A4
            </button>
          </div>
        </>
      )}
      {state.step === 'listening' && (
        <>
          <p className="listen-a4__message" role="status" data-testid="listen-a4-message">
            Listening… hold the note steady ({Math.round(state.progress * 100)} %).
          </p>
          <progress max={1} value={state.progress} aria-label="Held so far" />
          <div className="listen-a4__actions">
            <button type="button" onClick={() => setState({ step: 'idle' })}>
              Cancel
            </button>
          </div>
        </>
      )}
      {state.step === 'confirm' && (
        <>
          <p className="listen-a4__message" role="status" data-testid="listen-a4-message">
            Heard a steady A{state.outcome.octave} at {state.outcome.heardHz.toFixed(1)} Hz. Set A4
            to {state.outcome.a4Hz.toFixed(1)} Hz (now {settings.a4Hz} Hz)?
          </p>
          <div className="listen-a4__actions">
            <button
              type="button"
              className="listen-a4__primary"
              data-testid="listen-a4-confirm"
              onClick={() => confirm(state.outcome.a4Hz)}
            >
              Set A4 = {state.outcome.a4Hz.toFixed(1)} Hz
            </button>
            <button type="button" onClick={() => setState({ step: 'idle' })}>
              Cancel
            </button>
          </div>
        </>
      )}
      {state.step === 'done' && (
        <>
          <p className="listen-a4__message" role="status" data-testid="listen-a4-message">
            A4 set to {state.a4Hz.toFixed(1)} Hz (was {state.previousHz} Hz).
          </p>
          <div className="listen-a4__actions">
            <button
              type="button"
              data-testid="listen-a4-undo"
              onClick={() => {
                store.update({ a4Hz: state.previousHz });
                setState({ step: 'idle' });
              }}
            >
              Undo
            </button>
            <button type="button" onClick={() => setState({ step: 'idle' })}>
              OK
            </button>
          </div>
        </>
      )}
      {state.step === 'failed' && (
        <>
          <p
            className="listen-a4__message listen-a4__message--error"
            role="alert"
            data-testid="listen-a4-message"
          >
            {state.message} (A4 stays {settings.a4Hz} Hz; allowed {MIN_A4_HZ}–{MAX_A4_HZ} Hz.)
          </p>
          <div className="listen-a4__actions">
            <button type="button" data-testid="listen-a4" onClick={listen}>
              Listen again
            </button>
            <button type="button" onClick={() => setState({ step: 'idle' })}>
              Close
            </button>
          </div>
        </>
      )}
    </section>
  );
}
