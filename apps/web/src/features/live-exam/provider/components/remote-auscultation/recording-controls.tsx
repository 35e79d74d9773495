import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { auscultationPoints, remoteRecording, siteName, siteOf } from '@auscura/contracts';
import type { RemoteRecordingPhase } from '../../hooks/use-remote-recording.ts';
import { formatCountdown } from '../../utils/remote-auscultation-texts.ts';

const remotePoints = auscultationPoints.filter((point) =>
  (remoteRecording.pointLabels as readonly string[]).includes(point.label),
);

function PointGroup({
  type,
  value,
  onChange,
  disabled,
}: {
  type: 'heart' | 'lungs';
  value: string;
  onChange: (label: string) => void;
  disabled: boolean;
}) {
  const name = type === 'heart' ? 'Heart' : 'Lungs';
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }} id={`remote-points-${type}`}>
        {name}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        disabled={disabled}
        aria-labelledby={`remote-points-${type}`}
        onChange={(_, next: string | null) => next && onChange(next)}
      >
        {remotePoints
          .filter((point) => point.type === type)
          .map((point) => (
            <ToggleButton
              key={point.label}
              value={point.label}
              aria-label={point.longLabel}
              title={siteOf(point.label)?.description ?? undefined}
              sx={{ px: 1.5 }}
            >
              {point.label}
            </ToggleButton>
          ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * Recording on request (§4 "Recording (virtual)"): the point (five heart, five lung), Record, then
 * the countdown with 'Add 30 seconds' below 15 s, Save and Cancel, then the processing progress.
 */
export function RecordingControls(props: {
  point: string;
  onPointChange: (label: string) => void;
  phase: RemoteRecordingPhase;
  canRecord: boolean;
  onRecord: () => void;
  onAddTime: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { phase } = props;
  const busy = phase.kind === 'recording' || phase.kind === 'processing';
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="recording-title">
      <Typography variant="subtitle1" component="h3" id="recording-title" sx={{ fontWeight: 600 }}>
        Record
      </Typography>
      <PointGroup type="heart" value={props.point} onChange={props.onPointChange} disabled={busy} />
      <PointGroup type="lungs" value={props.point} onChange={props.onPointChange} disabled={busy} />
      {phase.kind === 'recording' ? (
        <Stack spacing={1}>
          <Typography role="timer" aria-label={`Recording ${siteName(phase.point)}, time left`} variant="h4">
            {formatCountdown(phase.remainingMs)}
          </Typography>
          <Typography variant="body2">Recording {siteName(phase.point)} on the patient’s computer</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {phase.canAdd ? <Button onClick={props.onAddTime}>Add 30 seconds</Button> : null}
            <Button variant="contained" onClick={props.onSave}>
              Save
            </Button>
            <Button color="error" onClick={props.onCancel}>
              Cancel
            </Button>
          </Box>
        </Stack>
      ) : phase.kind === 'processing' ? (
        <Box>
          <Typography variant="body2" id="remote-progress-label" sx={{ mb: 0.5 }}>
            Saving {siteName(phase.point)}… {phase.progress} %
          </Typography>
          <LinearProgress variant="determinate" value={phase.progress} aria-labelledby="remote-progress-label" />
        </Box>
      ) : (
        <Box>
          <Button
            variant="contained"
            color="error"
            startIcon={<FiberManualRecordIcon />}
            disabled={!props.canRecord}
            onClick={props.onRecord}
          >
            Record {siteName(props.point)}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
