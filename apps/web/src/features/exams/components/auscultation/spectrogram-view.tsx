import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Spectrogram } from '@auscura/audio-engine';
import type { Span } from '../../../../lib/audio/playback.ts';
import {
  dbRange,
  drawSpectrogram,
  formatHz,
  frequencyTicks,
  legendGradient,
  spectrogramPixels,
  spectrogramSummary,
  yOfHz,
} from '../../utils/spectrogram-draw.ts';
import { AnalysisBand } from './analysis-band.tsx';
import type { BandSegment, CycleSegment } from './analysis-band.tsx';
import { TimelineSurface } from './timeline-surface.tsx';
import type { SurfaceDraw } from './timeline-surface.tsx';

const height = 160;

type SpectrogramViewProps = {
  label: string;
  data: Spectrogram;
  /** What is heard, for the text alternative ("Wide filter, original recording"). */
  heard: string;
  segments: BandSegment[];
  /** The heart cycle the analysis segmented (S1, systole, S2, diastole); empty when it established none. */
  cycle: CycleSegment[];
  notJudged: string | null;
  region: Span | null;
  playing: boolean;
  position: () => number;
  onSeek: (time: number) => void;
  onRegion: (region: Span | null) => void;
};

/** The cells as a cols × rows image, drawn stretched (one putImageData per result, not per frame). */
function cellImage(data: Spectrogram, range: { minDb: number; maxDb: number }): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = data.cols;
  canvas.height = data.rows;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.putImageData(new ImageData(spectrogramPixels(data, range), data.cols, data.rows), 0, 0);
  return canvas;
}

/**
 * The spectrogram of what the player plays, on the point's log-frequency axis, with a dB colour
 * legend and the analysis band; the playhead, seeking and region work as on the waveform.
 */
export function SpectrogramView({
  label,
  data,
  heard,
  segments,
  cycle,
  notJudged,
  onSeek,
  ...timeline
}: SpectrogramViewProps) {
  const theme = useTheme();
  // The main thread's part of a new result (colour range, pixels, text alternative), then each draw:
  // named timings for bench:spectrogram, not read by the app.
  const { range, image, summary } = useMemo(() => {
    const started = performance.now();
    const colours = dbRange(data);
    const prepared = { range: colours, image: cellImage(data, colours), summary: spectrogramSummary(data) };
    performance.measure('auscura:spectrogram-prepare', { start: started });
    return prepared;
  }, [data]);
  const draw = useCallback<SurfaceDraw>(
    (context, size, region) => {
      if (!image) return;
      const started = performance.now();
      drawSpectrogram(
        context,
        size,
        image,
        { ...data, duration: data.durationSec, region },
        {
          region: theme.palette.common.white,
          grid: theme.palette.common.white,
        },
      );
      performance.measure('auscura:spectrogram-draw', { start: started });
    },
    [data, image, theme],
  );
  return (
    <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: '48px minmax(0, 1fr)' }}>
      <Box aria-hidden sx={{ position: 'relative', height }}>
        {frequencyTicks(data.lowHz, data.highHz).map((hz) => (
          <Typography
            key={hz}
            variant="caption"
            sx={{
              position: 'absolute',
              right: 4,
              top: Math.min(height - 8, Math.max(8, yOfHz(hz, data.lowHz, data.highHz, height))),
              transform: 'translateY(-50%)',
              lineHeight: 1,
              color: 'text.secondary',
            }}
          >
            {formatHz(hz).replace(' ', '\u00a0')}
          </Typography>
        ))}
      </Box>
      <TimelineSurface
        label={label}
        duration={data.durationSec}
        height={height}
        draw={draw}
        onSeek={onSeek}
        // Dark red disappears into the dark end of the colour scale; a light cyan stands out at both ends.
        playheadColor={theme.palette.info.light}
        hint={` ${summary} (${heard}).`}
        below={(width) => (
          <AnalysisBand
            label={label}
            width={width}
            duration={data.durationSec}
            segments={segments}
            cycle={cycle}
            notJudged={notJudged}
            onSeek={onSeek}
          />
        )}
        {...timeline}
      />
      <span />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {Math.round(range.minDb)} dB
        </Typography>
        <Box
          role="img"
          aria-label={`Colour scale: dark ${Math.round(range.minDb)} dB to bright ${Math.round(range.maxDb)} dB re full scale`}
          sx={{ width: 160, height: 10, borderRadius: 0.5, background: legendGradient() }}
        />
        <Typography variant="caption" color="text.secondary">
          {Math.round(range.maxDb)} dB
        </Typography>
      </Box>
    </Box>
  );
}
