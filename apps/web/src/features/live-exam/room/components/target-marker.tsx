import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import Box from '@mui/material/Box';

/** §9: the target marker is 51 px. */
const targetMarkerSize = 51;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The target marker over the patient's view (exams-and-devices §2.4): its centre's position relative
 * to the view (0–1 on each axis). The provider drags it (or moves it with the arrow keys); the
 * patient's side draws it where the provider put it.
 */
export function TargetMarker(props: { position: [number, number]; onMove?: (position: [number, number]) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const movable = props.onMove !== undefined;
  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const view = ref.current?.parentElement?.getBoundingClientRect();
    if (!view || !props.onMove) return;
    props.onMove([clamp((event.clientX - view.left) / view.width), clamp((event.clientY - view.top) / view.height)]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 0.1 : 0.02;
    const [x, y] = props.position;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [x - step, y],
      ArrowRight: [x + step, y],
      ArrowUp: [x, y - step],
      ArrowDown: [x, y + step],
    };
    const next = moves[event.key];
    if (!next || !props.onMove) return;
    event.preventDefault();
    props.onMove([clamp(next[0]), clamp(next[1])]);
  };
  return (
    <Box
      ref={ref}
      data-testid="target-marker"
      role={movable ? 'slider' : 'img'}
      aria-label="Target"
      aria-valuetext={`${Math.round(props.position[0] * 100)}% across, ${Math.round(props.position[1] * 100)}% down`}
      tabIndex={movable ? 0 : undefined}
      onKeyDown={movable ? onKeyDown : undefined}
      onPointerDown={(event) => {
        if (!movable) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (movable && event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
      sx={{
        position: 'absolute',
        left: `calc(${props.position[0] * 100}% - ${targetMarkerSize / 2}px)`,
        top: `calc(${props.position[1] * 100}% - ${targetMarkerSize / 2}px)`,
        width: targetMarkerSize,
        height: targetMarkerSize,
        borderRadius: '50%',
        border: '3px solid #ff5252',
        boxShadow: '0 0 0 2px rgba(0,0,0,0.5)',
        cursor: movable ? 'grab' : 'default',
        touchAction: 'none',
        '&::after': {
          content: '""',
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: 9,
          height: 9,
          marginLeft: '-4.5px',
          marginTop: '-4.5px',
          borderRadius: '50%',
          bgcolor: '#ff5252',
        },
      }}
    />
  );
}
