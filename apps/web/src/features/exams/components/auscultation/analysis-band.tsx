import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatSeconds, xAt } from '../../utils/waveform-draw.ts';

export type BandSegment = { kind: 'murmur' | 'noisy'; start: number; end: number; description: string };
export type CycleSegment = { state: 'S1' | 'systole' | 'S2' | 'diastole'; start: number; end: number };

type AnalysisBandProps = {
  label: string;
  width: number;
  duration: number;
  segments: BandSegment[];
  /** The heart cycle the analysis segmented and measured the rate over; drawn as a row of its own. */
  cycle?: CycleSegment[];
  /** Why the analysis could not judge the recording; its findings are then not drawn. */
  notJudged: string | null;
  onSeek: (time: number) => void;
  /** The width of the frame the band is seen through when zoomed in: the caption stays within it. */
  visibleWidth?: number;
};

const bandHeight = 14;
const cycleHeight = 8;

/**
 * The analysis under the picture, on the same time axis: the segments the murmur detector heard a
 * murmur in and the noisy seconds, each a focusable button that names itself and seeks to its start.
 */
export function AnalysisBand({
  label,
  width,
  duration,
  segments,
  cycle = [],
  notJudged,
  onSeek,
  visibleWidth,
}: AnalysisBandProps) {
  const theme = useTheme();
  const fill = { murmur: theme.palette.warning.dark, noisy: theme.palette.error.main };
  // The sounds dark, the intervals light: S1 and S2 tell apart by the interval that follows them.
  const cycleFill = {
    S1: theme.palette.primary.dark,
    systole: theme.palette.primary.light,
    S2: theme.palette.secondary.dark,
    diastole: theme.palette.grey[300],
  };
  const shownCycle = notJudged ? [] : cycle;
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
      {width > 0 && shownCycle.length > 0 && (
        // Hundreds of segments: one focus stop each would bury the controls after it, so the row is a
        // picture with a hover title per segment and the caption below says what it holds.
        <Box
          role="img"
          aria-label={cycleCaption(shownCycle)}
          data-testid="heart-cycle-row"
          sx={{ position: 'relative', height: cycleHeight, mt: 0.25, bgcolor: 'grey.100', borderRadius: 0.5 }}
        >
          {shownCycle.map((segment) => {
            const left = xAt(segment.start, width, duration);
            const right = xAt(segment.end, width, duration);
            return (
              <Box
                key={`${segment.state}-${segment.start}`}
                title={`${segment.state}, ${segment.start.toFixed(2)} s to ${segment.end.toFixed(2)} s`}
                data-state={segment.state}
                data-start={segment.start}
                sx={{
                  position: 'absolute',
                  left,
                  width: Math.max(1, right - left),
                  top: 0,
                  height: cycleHeight,
                  bgcolor: cycleFill[segment.state],
                }}
              />
            );
          })}
        </Box>
      )}
      {/* Sticky: zoomed in, the band scrolls under the frame and its caption stays in view. */}
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ position: 'sticky', left: 0, maxWidth: visibleWidth ?? 'none' }}
      >
        {notJudged
          ? `The analysis could not judge this recording, so none of its findings are drawn. ${notJudged}`
          : `${analysisCaption(segments)}${shownCycle.length > 0 ? ` ${cycleCaption(shownCycle)}` : ''}`}
      </Typography>
    </Box>
  );
}

/** What the heart cycle row shows, in words. */
function cycleCaption(cycle: CycleSegment[]): string {
  const beats = cycle.filter((s) => s.state === 'S1').length;
  return `Heart cycle (bottom row): ${beats} beat${beats === 1 ? '' : 's'} segmented into S1 and S2 (dark) and systole and diastole (light): the cycles the heart rate was measured over.`;
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
