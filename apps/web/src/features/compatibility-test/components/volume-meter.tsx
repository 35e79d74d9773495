import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { meterPercent } from '../utils/volume.ts';

/** The audio test's meter: the volume against 200 (§9), as a labelled progress bar. */
export function VolumeMeter({ id, label, volume }: { id: string; label: string; volume: number }) {
  const percent = Math.round(meterPercent(volume));
  return (
    <Box sx={{ maxWidth: 400 }}>
      <Typography variant="body2" id={id} sx={{ mb: 0.5, color: 'text.primary' }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={id}
        aria-valuetext={`${percent} percent`}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}
