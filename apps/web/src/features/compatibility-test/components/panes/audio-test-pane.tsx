import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAtom, useAtomValue } from 'jotai';
import { readDeviceChoice, saveDeviceChoice } from '../../../../lib/media/devices.ts';
import { useAudioInputTest } from '../../hooks/use-audio-input-test.ts';
import { useAudioOutputTest } from '../../hooks/use-audio-output-test.ts';
import { useMediaDeviceLists } from '../../hooks/use-media-device-lists.ts';
import {
  audioInputReportAtom,
  audioOutputReportAtom,
  chosenDevicesAtom,
  stethoscopeSkippedAtom,
} from '../../stores/wizard.ts';
import { DeviceSelect } from '../device-select.tsx';
import { PaneFrame } from '../pane-frame.tsx';
import { VolumeMeter } from '../volume-meter.tsx';

/** §2.10 Audio test: the microphone (input test), the speakers (output test), and whether to test a stethoscope. */
export function AudioTestPane({ onContinue, continueDisabled }: { onContinue: () => void; continueDisabled: boolean }) {
  const lists = useMediaDeviceLists();
  const [chosen, setChosen] = useAtom(chosenDevicesAtom);
  const [skipped, setSkipped] = useAtom(stethoscopeSkippedAtom);
  const inputReport = useAtomValue(audioInputReportAtom);
  const outputReport = useAtomValue(audioOutputReportAtom);
  const inputId = chosen.audioInput ?? readDeviceChoice('audioInputDeviceId');
  const input = useAudioInputTest(inputId);
  const output = useAudioOutputTest(chosen.audioOutput, input.recorded);

  const chooseInput = (id: string) => {
    saveDeviceChoice('audioInputDeviceId', id);
    setChosen((current) => ({ ...current, audioInput: id }));
  };
  const inputStatus = input.running
    ? input.recording
      ? 'Recording for 4 seconds: say a few words.'
      : 'Listening for 20 seconds: speak normally and watch the meter move.'
    : inputReport.errors.length
      ? 'Your microphone could not be tested.'
      : input.done
        ? 'Your microphone works.'
        : '';
  return (
    <PaneFrame
      eyebrow="Audio test"
      title="Check your microphone and speakers"
      actions={
        <Button variant="contained" onClick={onContinue} disabled={continueDisabled}>
          Continue
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h3" sx={{ color: 'text.primary' }}>
          Microphone
        </Typography>
        <DeviceSelect
          id="microphone-select"
          label="Microphone"
          devices={lists.stethoscopes}
          value={inputId}
          onChange={chooseInput}
          error={inputReport.errors[0] ?? null}
        />
        <VolumeMeter id="input-volume-label" label="Microphone volume" volume={input.volume} />
        <Typography role="status" variant="body2">
          {inputStatus}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={input.record} disabled={input.recording}>
            Record
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
        <Typography variant="h6" component="h3" sx={{ color: 'text.primary' }}>
          Speakers
        </Typography>
        <DeviceSelect
          id="speaker-select"
          label="Speaker"
          devices={lists.audioOutputs}
          value={chosen.audioOutput}
          onChange={(id) => setChosen((current) => ({ ...current, audioOutput: id }))}
          error={outputReport.errors[0] ?? null}
        />
        <VolumeMeter id="output-volume-label" label="Speaker volume" volume={output.volume} />
        <Box>
          <Button variant="outlined" onClick={output.play} disabled={output.playing}>
            {input.recorded ? 'Play back recording' : 'Play test sound'}
          </Button>
        </Box>
      </Box>
      <FormControlLabel
        sx={{ mt: 2, color: 'text.primary' }}
        control={<Switch checked={!skipped} onChange={(event) => setSkipped(!event.target.checked)} />}
        label="I will use a stethoscope in the exam: test it too"
      />
    </PaneFrame>
  );
}
