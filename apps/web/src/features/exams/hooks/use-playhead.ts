import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { xAt } from '../utils/waveform-draw.ts';
import { prepareCanvas } from './use-canvas-size.ts';

type PlayheadOptions = {
  canvas: RefObject<HTMLCanvasElement | null>;
  width: number;
  height: number;
  duration: number;
  playing: boolean;
  color: string;
  position: () => number;
  /** Bumped by the caller after a seek so the stopped playhead is redrawn. */
  revision: number;
};

/**
 * Draws the playhead on its own canvas every animation frame while playing (so the waveform
 * itself is not redrawn at 60 fps) and returns the position at a slower pace for text and ARIA.
 */
export function usePlayhead({ canvas, width, height, duration, playing, color, position, revision }: PlayheadOptions) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const element = canvas.current;
    if (!element || width === 0) return;
    const context = prepareCanvas(element, width, height);
    if (!context) return;
    let frame = 0;
    let lastReport = 0;
    const draw = (now: number) => {
      const time = position();
      const x = Math.round(xAt(time, width, duration)) + 0.5;
      context.clearRect(0, 0, width, height);
      context.fillStyle = color;
      context.fillRect(x - 1, 0, 2, height);
      // A quarter-second text update is enough for people and screen readers; the line moves every frame.
      if (now - lastReport > 250 || !playing) {
        lastReport = now;
        setShown(time);
      }
      if (playing) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [canvas, width, height, duration, playing, color, position, revision]);
  return shown;
}
