import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatSeconds, xAt } from '../../utils/waveform-draw.ts';

export type BandSegment = { kind: 'murmur' | 'noisy'; start: number; end: number; description: string };

type AnalysisBandProps = {
  label: string;
  width: number;
  duration: number;
  segments: BandSegment[];
  /** Why the analysis could not judge the recording; its findings are then not drawn. */
  notJudged: string | null;
  onSeek: (time: number) => void;
};

const bandHeight = 14;

/**
 * The analysis under the picture, on the same time axis: the segments the murmur detector heard a
 * murmur in and the noisy seconds, each a focusable button that names itself and seeks to its start.
 */
export function AnalysisBand({ label, width, duration, segments, notJudged, onSeek }: AnalysisBandProps) {
  const theme = useTheme();
  const fill = { murmur: theme.palette.warning.dark, noisy: theme.palette.error.main };
  return (
    <Box sx={{ mt: 0.5 }}>
      <Box
        role="group"
        aria-label={`Analysis along the recording, ${label}`}
        sx={{ position: 'relative', height: bandHeight, bgcolor: 'grey.100', borderRadius: 0.5 }}
      >
        {width > 0 &&
          segments.map((segment) => {
            const left = xAt(segment.start, width, duration);
            const right = xAt(segment.end, width, duration);
            return (
              <Box
                key={`${segment.kind}-${segment.start}`}
                component="button"
                type="button"
                aria-label={segment.description}
                title={segment.description}
                onClick={() => onSeek(segment.start)}
                sx={{
                  position: 'absolute',
                  left,
                  width: Math.max(3, right - left),
                  top: segment.kind === 'murmur' ? 0 : bandHeight / 2,
                  height: bandHeight / 2,
                  p: 0,
                  border: 0,
                  cursor: 'pointer',
                  bgcolor: fill[segment.kind],
                  '&:focus-visible': {
                    outline: `2px solid ${theme.palette.primary.main}`,
                    outlineOffset: 1,
                    zIndex: 1,
                  },
                }}
              />
            );
          })}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {notJudged
          ? `The analysis could not judge this recording, so none of its findings are drawn. ${notJudged}`
          : analysisCaption(segments)}
      </Typography>
    </Box>
  );
}

function analysisCaption(segments: BandSegment[]): string {
  const murmurs = segments.filter((s) => s.kind === 'murmur').length;
  const noisy = segments.filter((s) => s.kind === 'noisy');
  const noisySeconds = noisy.reduce((sum, s) => sum + s.end - s.start, 0);
  const parts = [
    murmurs > 0 ? `murmur heard in ${murmurs} segment${murmurs === 1 ? '' : 's'} (upper row)` : 'no murmur segments',
    noisy.length > 0 ? `${formatSeconds(noisySeconds)} noisy (lower row)` : 'no noisy seconds',
  ];
  return `Analysis: ${parts.join('; ')}.`;
}
