import { useCallback } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { Span } from '../../../../lib/audio/playback.ts';
import type { WaveformData } from '../../hooks/use-waveform.ts';
import { drawWaveform } from '../../utils/waveform-draw.ts';
import type { WaveformColors } from '../../utils/waveform-draw.ts';
import { TimelineSurface } from './timeline-surface.tsx';
import type { SurfaceDraw } from './timeline-surface.tsx';

const height = 96;

type WaveformProps = {
  label: string;
  data: WaveformData;
  noisy: Array<[number, number]>;
  hasNoiseRecord: boolean;
  /** Segments the murmur detector heard a murmur in, and how to name them ("systoles"). */
  murmur?: { spans: Array<[number, number]>; name: string };
  region: Span | null;
  playing: boolean;
  position: () => number;
  onSeek: (time: number) => void;
  onRegion: (region: Span | null) => void;
  zoom?: number;
  onZoom?: (direction: 1 | -1) => void;
};

/** The recording's heart-band peaks with the noise band, the murmur marks, the region and the playhead. */
export function Waveform({ label, data, noisy, hasNoiseRecord, murmur, ...timeline }: WaveformProps) {
  const theme = useTheme();
  const draw = useCallback<SurfaceDraw>(
    (context, size, region) => {
      drawWaveform(
        context,
        size,
        { ...data, noisy, hasNoiseRecord, murmur: murmur?.spans, region },
        waveformColors(theme),
      );
    },
    [data, noisy, hasNoiseRecord, murmur, theme],
  );
  return (
    <TimelineSurface
      label={label}
      duration={data.duration}
      height={height}
      draw={draw}
      hint={
        murmur && murmur.spans.length > 0
          ? ` Murmur heard in ${murmur.spans.length} ${murmur.name}, marked along the bottom edge.`
          : ''
      }
      {...timeline}
    />
  );
}

/** The waveform's colours from the theme (the player's and Compare's pictures share them). */
export function waveformColors(theme: Theme): WaveformColors {
  return {
    wave: theme.palette.primary.dark,
    noisy: theme.palette.error.main,
    clean: theme.palette.success.light,
    region: theme.palette.secondary.main,
    background: theme.palette.grey[50],
    murmur: theme.palette.warning.dark,
  };
}

/** Placeholder while the picture is computed, or a note when the recording cannot be read. */
export function WaveformPlaceholder({ failed, name = 'waveform' }: { failed: boolean; name?: string }) {
  if (failed) return <Typography color="text.secondary">The recording could not be loaded.</Typography>;
  // An indeterminate progress bar to assistive technology: aria-label alone is not allowed on a
  // generic element (axe aria-prohibited-attr).
  return <Skeleton variant="rectangular" height={height} role="progressbar" aria-label={`Loading ${name}`} />;
}
