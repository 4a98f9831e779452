import { IonButton } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { createTakePlayer, type TakePlayer as Player } from './take-player';
import { concertToWrittenMidi, hzToMidi, noteName, type Spelling } from '../music';
import { useObservable } from '../lib/use-observable';
import { getSettingsStore, useSettings } from '../settings';
import { formatClock } from './take-recorder';
import type { Take } from './take-format';
import type { TakeStore } from './take-store';
import { drawTraceFrame, drawTraceLayer, type TraceColours } from './take-trace';
import { TakeStudy } from './TakeStudy';
import { TakePieceSummary } from './TakePieceSummary';

const RATES = [0.5, 0.75, 1] as const;
const TRACE_HEIGHT_PX = 180;
/** A drag shorter than this is a tap (seek), longer selects a loop. */
const DRAG_PX = 8;

type Loop = { startMs: number; endMs: number } | null;

function colours(element: Element): TraceColours {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string): string =>
    css.getPropertyValue(name).trim() || fallback;
  return {
    line: v('--ion-color-primary', '#3880ff'),
    note: v('--takes-note-fill', 'rgba(120,120,120,0.25)'),
    text: v('--ion-text-color', '#000'),
    grid: v('--takes-grid', 'rgba(128,128,128,0.3)'),
    cursor: v('--ion-color-danger', '#eb445a'),
    selection: v('--takes-selection', 'rgba(56,128,255,0.18)'),
  };
}

/** Loads a take and its player; the view below draws and controls it. */
export function TakePlayer(props: {
  store: TakeStore;
  id: string;
  beforePlay: () => Promise<void>;
}) {
  const { store, id } = props;
  const [loaded, setLoaded] = useState<{ take: Take; player: Player } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let player: Player | null = null;
    store.load(id).then(
      (take) => {
        if (cancelled) return;
        player = createTakePlayer(take.audio, take.meta.durationMs);
        setLoaded({ take, player });
      },
      (failure: unknown) => {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      cancelled = true;
      player?.dispose();
    };
  }, [store, id]);
  if (error) {
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  }
  if (!loaded) return <p>Loading the take…</p>;
  return <PlayerView take={loaded.take} player={loaded.player} beforePlay={props.beforePlay} />;
}

/** The trace with notes under a moving cursor, tap to seek, drag to loop, slow down; the study. */
function PlayerView(props: { take: Take; player: Player; beforePlay: () => Promise<void> }) {
  const { take, player, beforePlay } = props;
  const settings = useSettings(getSettingsStore());
  const playing = useObservable(player.playing);
  const [rate, setRate] = useState(1);
  const [loop, setLoop] = useState<Loop>(null);
  const [error, setError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const timeRef = useRef<HTMLSpanElement>(null);
  // The selection being dragged (drawn every frame without a React render).
  const dragLoop = useRef<Loop>(null);
  const drag = useRef<{ x: number; ms: number } | null>(null);
  const durationMs = take.meta.durationMs;
  const { transposition, spelling } = settings;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const layer = document.createElement('canvas');
    let palette = colours(canvas);
    const label = (midi: number): string => written(midi, transposition, spelling, false);
    const redraw = (): void => {
      palette = colours(canvas);
      drawTraceLayer(
        layer,
        { readings: take.readings, notes: take.notes, durationMs, label },
        palette,
        canvas.clientWidth,
        TRACE_HEIGHT_PX,
      );
      shown = Number.NaN;
    };
    let shown = Number.NaN;
    let shownLoop: Loop = null;
    const observer = new ResizeObserver(redraw);
    observer.observe(canvas);
    redraw();
    let frame = 0;
    const tick = (): void => {
      frame = requestAnimationFrame(tick);
      const at = Math.round(player.positionMs());
      const selection = dragLoop.current ?? loop;
      if (at === shown && selection === shownLoop) return;
      shown = at;
      shownLoop = selection;
      drawTraceFrame(canvas, layer, palette, durationMs, at, selection);
      canvas.dataset.cursorMs = String(at);
      if (timeRef.current) {
        timeRef.current.textContent = `${formatClock(at)} / ${formatClock(durationMs)}`;
      }
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [take, player, durationMs, loop, transposition, spelling]);

  const msAt = (clientX: number): number => {
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) * durationMs;
  };
  const label = (midi: number): string => written(midi, transposition, spelling, false);

  return (
    <div
      className="take-player"
      data-testid="take-player"
      data-playing={String(playing)}
      data-duration-ms={durationMs}
    >
      <h2 className="take-player__name">{take.meta.name}</h2>
      {take.meta.piece && <TakePieceSummary piece={take.meta.piece} />}
      <canvas
        ref={canvasRef}
        className="take-player__trace"
        style={{ height: TRACE_HEIGHT_PX }}
        data-testid="take-trace"
        data-loop-start-ms={loop ? Math.round(loop.startMs) : undefined}
        data-loop-end-ms={loop ? Math.round(loop.endMs) : undefined}
        data-notes={take.notes
          .map((n) => written(Math.round(hzToMidi(n.hz)), transposition, spelling, true))
          .join(' ')}
        aria-label={`Pitch trace of ${take.meta.name}: tap to jump, drag to loop a stretch`}
        role="img"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { x: event.clientX, ms: msAt(event.clientX) };
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start || Math.abs(event.clientX - start.x) < DRAG_PX) return;
          const ms = msAt(event.clientX);
          dragLoop.current = { startMs: Math.min(start.ms, ms), endMs: Math.max(start.ms, ms) };
        }}
        onPointerUp={(event) => {
          const start = drag.current;
          const selection = dragLoop.current;
          drag.current = null;
          dragLoop.current = null;
          if (!start) return;
          if (!selection || Math.abs(event.clientX - start.x) < DRAG_PX) {
            player.seek(start.ms);
            return;
          }
          setLoop(selection);
          player.setLoop(selection);
          player.seek(selection.startMs);
        }}
      />
      <div className="take-player__controls">
        <IonButton
          data-testid="take-play"
          onClick={() => {
            if (playing) {
              player.pause();
              return;
            }
            setError(null);
            void beforePlay()
              .then(() => player.play())
              .catch((failure: unknown) =>
                setError(
                  `Playback failed: ${failure instanceof Error ? failure.message : String(failure)}`,
                ),
              );
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </IonButton>
        <span ref={timeRef} className="take-player__time" data-testid="take-time">
          0:00 / {formatClock(durationMs)}
        </span>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="take-player__controls" role="group" aria-label="Speed">
        {RATES.map((r) => (
          <IonButton
            key={r}
            size="small"
            fill={rate === r ? 'solid' : 'outline'}
            data-testid={`take-rate-${r}`}
            onClick={() => {
              player.setRate(r);
              setRate(r);
            }}
          >
            {r}×
          </IonButton>
        ))}
        {loop && (
          <IonButton
            size="small"
            fill="clear"
            data-testid="take-clear-loop"
            onClick={() => {
              setLoop(null);
              player.setLoop(null);
            }}
          >
            Clear loop {formatClock(loop.startMs)}–{formatClock(loop.endMs)}
          </IonButton>
        )}
      </div>
      <p className="take-player__hint">
        Tap the trace to jump, drag across it to loop a stretch. Listening is paused while a take
        plays, so the tuner never scores it.
        {rate < 1 && !player.preservesPitch && ' Slowed playback is lower in pitch on this device.'}
      </p>
      <TakeStudy take={take} a4Hz={settings.a4Hz} label={label} />
    </div>
  );
}

function written(
  concertMidi: number,
  transposition: Parameters<typeof concertToWrittenMidi>[1],
  spelling: Spelling,
  ascii: boolean,
): string {
  return noteName(concertToWrittenMidi(concertMidi, transposition), { spelling, ascii });
}
