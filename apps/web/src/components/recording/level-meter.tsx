import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** exams-and-devices §9: thresholds 0 … -35 dB in steps of 5; segments above -10 dB are red. */
const meterThresholds = [-35, -30, -25, -20, -15, -10, -5, 0];

/** The input level as lit segments, loudest on the right; a meter role for screen readers. */
export function LevelMeter({ db, label = 'Input level' }: { db: number | null; label?: string }) {
  const labelId = useId();
  const value = db === null || !Number.isFinite(db) ? -Infinity : db;
  const shown = Number.isFinite(value) ? Math.max(-60, Math.round(value)) : -60;
  return (
    <Box>
      <Typography variant="body2" id={labelId} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={-60}
        aria-valuemax={0}
        aria-valuenow={shown}
        aria-valuetext={Number.isFinite(value) ? `${shown} dB` : 'No signal'}
        sx={{ display: 'flex', gap: 0.5 }}
      >
        {meterThresholds.map((threshold) => {
          const lit = value >= threshold;
          const red = threshold > -10;
          return (
            <Box
              key={threshold}
              data-lit={lit}
              sx={{
                flex: 1,
                height: 20,
                borderRadius: 0.5,
                bgcolor: lit ? (red ? 'error.main' : 'success.main') : 'action.disabledBackground',
              }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
        <Typography variant="caption">-35 dB</Typography>
        <Typography variant="caption">0 dB</Typography>
      </Box>
    </Box>
  );
}
