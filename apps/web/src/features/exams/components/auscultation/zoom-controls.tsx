import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { formatSeconds } from '../../utils/waveform-draw.ts';

type ZoomControlsProps = {
  label: string;
  zoom: number;
  /** The recording's length, once known, to say how much of it a zoom shows. */
  duration: number | null;
  step: number;
  last: number;
  onZoom: (direction: 1 | -1) => void;
};

/** Zoom out / in buttons for the picture, with what the zoom shows (the + and − keys on the picture do the same). */
export function ZoomControls({ label, zoom, duration, step, last, onZoom }: ZoomControlsProps) {
  return (
    <>
      <IconButton size="small" aria-label={`Zoom out, ${label}`} disabled={step === 0} onClick={() => onZoom(-1)}>
        <ZoomOutIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Zoom in, ${label}`} disabled={step === last} onClick={() => onZoom(1)}>
        <ZoomInIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" color="text.secondary" role="status">
        {zoom === 1
          ? 'Whole recording'
          : `Zoom ×${zoom}${duration ? `: ${formatSeconds(duration / zoom)} across the picture` : ''}`}
      </Typography>
    </>
  );
}
