import { useEffect, useRef } from 'react';
import {
  advanceDrift,
  bandOffsetPx,
  STROBE_BAND_SPEEDS,
  STROBE_PERIOD_PX,
  strobeSpeedPxPerS,
} from './strobe';
import type { CentsMotion } from './use-tuner-display';

const HEIGHT_PX = 120;
const GAP_PX = 6;

/**
 * Strobe view (Peterson's anchor): bands of stripes drawn on a canvas at display rate from the
 * needle's motion (so it follows the same damping). Decorative for screen readers: the reading's
 * text says the same. `data-drift-px` (the middle band's total drift) and `data-speed` let the
 * browser tests check "still in tune, moving out of tune" without reading pixels.
 */
export function StrobeView(props: { motion: CentsMotion; inTuneCents: number }) {
  const { motion, inTuneCents } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let driftPx = 0;
    let lastMs: number | null = null;
    let widthPx = 0;
    let colors = { on: '', off: '', tuned: '' };
    let framesSinceStyle = Infinity;

    const resize = (): void => {
      const ratio = window.devicePixelRatio || 1;
      widthPx = canvas.clientWidth;
      canvas.width = Math.round(widthPx * ratio);
      canvas.height = Math.round(HEIGHT_PX * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    // Theme colours from CSS, re-read twice a second (the player may switch theme while playing).
    const readColors = (): void => {
      const style = getComputedStyle(canvas);
      colors = {
        on: style.color,
        off: style.getPropertyValue('--strobe-background').trim() || 'transparent',
        tuned: style.getPropertyValue('--strobe-in-tune').trim() || style.color,
      };
      framesSinceStyle = 0;
    };
    const draw = (cents: number | null): void => {
      if (framesSinceStyle++ > 30) readColors();
      context.clearRect(0, 0, widthPx, HEIGHT_PX);
      context.fillStyle = colors.off;
      context.fillRect(0, 0, widthPx, HEIGHT_PX);
      const inTune = cents !== null && Math.abs(cents) <= inTuneCents;
      context.fillStyle = inTune ? colors.tuned : colors.on;
      context.globalAlpha = cents === null ? 0.25 : 1;
      const bandHeight = (HEIGHT_PX - GAP_PX * (STROBE_BAND_SPEEDS.length - 1)) / 3;
      STROBE_BAND_SPEEDS.forEach((speed, band) => {
        const top = band * (bandHeight + GAP_PX);
        const offset = bandOffsetPx(driftPx, speed);
        for (let x = offset - STROBE_PERIOD_PX; x < widthPx; x += STROBE_PERIOD_PX) {
          context.fillRect(x, top, STROBE_PERIOD_PX / 2, bandHeight);
        }
      });
      context.globalAlpha = 1;
    };
    const onFrame = (cents: number | null, timeMs: number): void => {
      if (cents !== null && lastMs !== null)
        driftPx = advanceDrift(driftPx, cents, timeMs - lastMs);
      lastMs = cents === null ? null : timeMs;
      canvas.dataset.driftPx = driftPx.toFixed(1);
      canvas.dataset.speed = cents === null ? '' : strobeSpeedPxPerS(cents).toFixed(1);
      draw(cents);
    };

    resize();
    readColors();
    draw(motion.current());
    const observer = new ResizeObserver(() => {
      resize();
      draw(motion.current());
    });
    observer.observe(canvas);
    const unsubscribe = motion.onFrame(onFrame);
    return () => {
      unsubscribe();
      observer.disconnect();
    };
  }, [motion, inTuneCents]);

  return (
    <canvas
      ref={canvasRef}
      className="tuner-strobe"
      data-testid="tuner-strobe"
      style={{ height: HEIGHT_PX }}
      aria-hidden="true"
    />
  );
}
