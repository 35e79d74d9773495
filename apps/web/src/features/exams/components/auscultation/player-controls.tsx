import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import DownloadIcon from '@mui/icons-material/Download';
import { recordingVariants } from '@auscura/contracts';
import type { RecordingVariant } from '../../../../lib/api/auscultations/get-recording.ts';
import type { PlayerState } from '../../hooks/use-player.ts';

type PlayerControlsProps = {
  label: string;
  state: PlayerState;
  progress: number | null;
  loop: boolean;
  regionOn: boolean;
  hasRegion: boolean;
  variant: RecordingVariant;
  onPlay: () => void;
  onStop: () => void;
  onLoop: (loop: boolean) => void;
  onRegion: (on: boolean) => void;
  onVariant: (variant: RecordingVariant) => void;
  onDownload: () => void;
};

/** Play/Stop, Loop and Region toggles, the variant and the download (§2.13). */
export function PlayerControls(props: PlayerControlsProps) {
  const { label, state, progress } = props;
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {state === 'playing' ? (
          <Button variant="contained" startIcon={<StopIcon />} onClick={props.onStop} aria-label={`Stop, ${label}`}>
            Stop
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={props.onPlay}
            disabled={state === 'downloading'}
            aria-label={`Play, ${label}`}
          >
            Play
          </Button>
        )}
        <ToggleButton
          size="small"
          value="loop"
          selected={props.loop}
          onChange={() => props.onLoop(!props.loop)}
          aria-label={`Loop, ${label}`}
        >
          Loop
        </ToggleButton>
        <ToggleButton
          size="small"
          value="region"
          selected={props.regionOn}
          disabled={!props.hasRegion}
          onChange={() => props.onRegion(!props.regionOn)}
          aria-label={`Region, ${label}`}
        >
          Region
        </ToggleButton>
        <FormControl size="small" sx={{ minWidth: 120 }}>
          <InputLabel id={`${id}-variant`}>Variant</InputLabel>
          <Select
            labelId={`${id}-variant`}
            label="Variant"
            value={props.variant}
            onChange={(event) => props.onVariant(event.target.value as RecordingVariant)}
          >
            {recordingVariants.map((variant) => (
              <MenuItem key={variant} value={variant}>
                {variant}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={props.onDownload}
          aria-label={`Download, ${label}`}
        >
          Download
        </Button>
      </Box>
      {state === 'downloading' && (
        <Box>
          <Typography variant="caption" id={`${id}-downloading`}>
            Downloading{progress !== null ? ` ${Math.round(progress * 100)}%` : '…'}
          </Typography>
          <LinearProgress
            aria-labelledby={`${id}-downloading`}
            variant={progress !== null ? 'determinate' : 'indeterminate'}
            value={progress !== null ? progress * 100 : undefined}
          />
        </Box>
      )}
    </Box>
  );
}
