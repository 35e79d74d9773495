import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Span } from '../../../../lib/audio/playback.ts';
import { prepareCanvas, useElementWidth } from '../../hooks/use-canvas-size.ts';
import { usePlayhead } from '../../hooks/use-playhead.ts';
import { formatSeconds, timeAt, xAt } from '../../utils/waveform-draw.ts';

/** Draws the picture under the playhead; `region` is the committed region or the one being dragged. */
export type SurfaceDraw = (
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  region: Span | null,
) => void;

export type TimelineSurfaceProps = {
  label: string;
  duration: number;
  height: number;
  draw: SurfaceDraw;
  region: Span | null;
  playing: boolean;
  position: () => number;
  onSeek: (time: number) => void;
  onRegion: (region: Span | null) => void;
  /** More of the hint under the picture (what it shows), after the position and the keys. */
  hint?: ReactNode;
  /** The playhead's colour where the default (the theme's dark red) would not stand out from the picture. */
  playheadColor?: string;
  /**
   * Drawn under the picture and aligned with it (the analysis band); gets the picture's width and the
   * width of the frame it is seen through (smaller when zoomed in), for text that should stay in view.
   */
  below?: (width: number, visibleWidth: number) => ReactNode;
  /**
   * How many times wider than its frame the picture is drawn (1: the whole recording fits). Above 1
   * the picture and what is drawn under it scroll together, and follow the playhead while playing.
   */
  zoom?: number;
  /** Asked for by the + and − keys on the picture; without it they do nothing. */
  onZoom?: (direction: 1 | -1) => void;
};

/**
 * A picture of the recording over time (the waveform or the spectrogram) with the region and the
 * playhead. It is a slider for assistive technology: arrows seek, [ and ] set the region's ends,
 * Escape clears it; dragging chooses a region, a click seeks. Both views share this one handling.
 */
export function TimelineSurface({
  label,
  duration,
  height,
  draw,
  region,
  playing,
  position,
  onSeek,
  onRegion,
  hint,
  playheadColor,
  below,
  zoom = 1,
  onZoom,
}: TimelineSurfaceProps) {
  const theme = useTheme();
  const frame = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(box);
  const [revision, setRevision] = useState(0);
  const drag = useRef<{ from: number; moved: boolean } | null>(null);
  const [draft, setDraft] = useState<Span | null>(null);
  const hintId = useId();

  useEffect(() => {
    const context = base.current && width > 0 ? prepareCanvas(base.current, width, height) : null;
    if (context) draw(context, { width, height }, draft ?? region);
  }, [draw, region, draft, width, height]);

  const shown = usePlayhead({
    canvas: overlay,
    width,
    height,
    duration,
    playing,
    color: playheadColor ?? theme.palette.error.dark,
    position,
    revision,
  });

  // Zoomed in, the frame keeps the playhead in sight: when it leaves, the picture scrolls so that it
  // sits a tenth of the way in (every quarter second while playing, and after a seek).
  useEffect(() => {
    const scroller = frame.current;
    if (!scroller || zoom <= 1 || width === 0) return;
    const x = xAt(shown, width, duration);
    const { scrollLeft, clientWidth } = scroller;
    if (x < scrollLeft || x > scrollLeft + clientWidth - 8) scroller.scrollLeft = Math.max(0, x - clientWidth * 0.1);
  }, [shown, width, duration, zoom]);

  const seek = (time: number) => {
    onSeek(Math.min(Math.max(time, 0), duration));
    setRevision((r) => r + 1);
  };
  const setRegion = (next: Span | null) => {
    onRegion(next);
    setRevision((r) => r + 1);
  };
  const timeOf = (event: PointerEvent) => timeAt(event.nativeEvent.offsetX, width, duration);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { from: timeOf(event), moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const to = timeOf(event);
    if (Math.abs(to - drag.current.from) * (width / duration) < 4 && !drag.current.moved) return;
    drag.current.moved = true;
    setDraft({ start: Math.min(drag.current.from, to), end: Math.max(drag.current.from, to) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const started = drag.current;
    drag.current = null;
    setDraft(null);
    if (!started) return;
    const to = timeOf(event);
    if (started.moved) setRegion({ start: Math.min(started.from, to), end: Math.max(started.from, to) });
    else seek(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = position();
    const step = event.shiftKey ? 5 : 1;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => seek(now - step),
      ArrowDown: () => seek(now - step),
      ArrowRight: () => seek(now + step),
      ArrowUp: () => seek(now + step),
      Home: () => seek(0),
      End: () => seek(duration),
      '[': () => setRegion({ start: now, end: region && region.end > now ? region.end : duration }),
      ']': () => setRegion({ start: region && region.start < now ? region.start : 0, end: now }),
      Escape: () => setRegion(null),
      ...(onZoom ? { '+': () => onZoom(1), '=': () => onZoom(1), '-': () => onZoom(-1) } : {}),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box ref={frame} sx={{ overflowX: zoom > 1 ? 'auto' : 'hidden', overflowY: 'hidden' }}>
        <Box sx={{ width: `${zoom * 100}%` }}>
          <Box
            ref={box}
            role="slider"
            tabIndex={0}
            aria-label={`Playback position, ${label}`}
            aria-describedby={hintId}
            aria-valuemin={0}
            aria-valuemax={Number(duration.toFixed(2))}
            aria-valuenow={Number(shown.toFixed(2))}
            aria-valuetext={`${formatSeconds(shown)} of ${formatSeconds(duration)}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
            sx={{
              position: 'relative',
              height,
              cursor: 'crosshair',
              touchAction: 'none',
              borderRadius: 1,
              overflow: 'hidden',
              '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }}
          >
            <canvas ref={base} style={{ position: 'absolute', inset: 0, width: '100%', height }} />
            <canvas ref={overlay} style={{ position: 'absolute', inset: 0, width: '100%', height }} />
          </Box>
          {below?.(width, width / zoom)}
        </Box>
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary" component="p">
        {formatSeconds(shown)} of {formatSeconds(duration)}
        {region ? ` · region ${formatSeconds(region.start)}–${formatSeconds(region.end)}` : ''}. Drag to choose a
        region; arrows seek, [ and ] set the region, Escape clears it{onZoom ? ', + and − zoom' : ''}.{hint}
      </Typography>
    </Box>
  );
}
