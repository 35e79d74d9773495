import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { HEART_BANDS, LUNG_BANDS } from '@auscura/audio-engine';
import type { PlaybackSettings } from '../../../../lib/audio/playback.ts';
import { prepareCanvas } from '../../hooks/use-canvas-size.ts';
import { useFilterResponse } from '../../hooks/use-filter-response.ts';
import { drawFilterResponse, responseSummary, responseX } from '../../utils/filter-response.ts';

const width = 280;
const height = 96;

type FilterResponseChartProps = {
  label: string;
  settings: Pick<PlaybackSettings, 'preset' | 'custom'>;
  /** The recording's rate: the coefficients that play are designed for it. */
  sampleRate: number;
};

/** The playing filter's magnitude response, 20 Hz–2 kHz, with the heart and lung bands marked. */
export function FilterResponseChart({ label, settings, sampleRate }: FilterResponseChartProps) {
  const theme = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const summaryId = useId();
  const { response, failed } = useFilterResponse(settings, sampleRate);
  useEffect(() => {
    const context = canvas.current && response ? prepareCanvas(canvas.current, width, height) : null;
    if (!context || !response) return;
    drawFilterResponse(
      context,
      { width, height },
      response,
      { heart: HEART_BANDS, lungs: LUNG_BANDS },
      {
        curve: theme.palette.primary.dark,
        heart: [theme.palette.error.light, theme.palette.error.main],
        lungs: [theme.palette.info.light, theme.palette.info.main],
        grid: theme.palette.grey[300],
        background: theme.palette.grey[50],
        label: theme.palette.text.secondary,
      },
    );
  }, [response, theme]);
  if (failed) return <Typography color="text.secondary">The filter response could not be computed.</Typography>;
  const name = settings.custom
    ? `custom ${settings.custom.lowCutHz}–${settings.custom.highCutHz} Hz`
    : `${settings.preset} preset`;
  const summary = response ? responseSummary(response) : 'computing…';
  return (
    <Box sx={{ display: 'grid', gap: 0.25, width: '100%', maxWidth: width }}>
      <Box sx={{ position: 'relative' }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Filter response, ${name}, ${label}`}
          aria-describedby={summaryId}
          style={{ width, height, display: 'block', maxWidth: '100%' }}
        />
      </Box>
      <Box aria-hidden sx={{ position: 'relative', height: 14 }}>
        {[20, 100, 500, 2000].map((hz) => (
          <Typography
            key={hz}
            variant="caption"
            sx={{
              position: 'absolute',
              left: responseX(hz, width),
              transform: hz === 20 ? 'none' : hz === 2000 ? 'translateX(-100%)' : 'translateX(-50%)',
              lineHeight: 1,
              whiteSpace: 'nowrap',
              color: 'text.secondary',
            }}
          >
            {hz < 1000 ? `${hz} Hz` : `${hz / 1000} kHz`}
          </Typography>
        ))}
      </Box>
      <Typography id={summaryId} variant="caption" color="text.secondary">
        Response ({name}): {summary}. Heart bands along the top, lung bands along the bottom.
      </Typography>
    </Box>
  );
}
