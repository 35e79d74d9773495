import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** The CSS width of an element, followed with a ResizeObserver that is disconnected on unmount. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Sizes a canvas for the device pixel ratio and returns its 2D context scaled to CSS pixels. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  // A zoomed picture can be tens of thousands of CSS pixels wide: Chromium refuses canvases wider
  // than 32,767 device pixels, so such a canvas gets fewer of them per CSS pixel.
  const ratio = Math.min(window.devicePixelRatio || 1, 32_000 / Math.max(width, 1));
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}
