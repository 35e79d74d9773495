import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAtom, useSetAtom } from 'jotai';
import { readDeviceChoice, saveDeviceChoice } from '../../../../lib/media/devices.ts';
import { cameraConstraints } from '../../../../lib/media/media-check.ts';
import { useMediaDeviceLists } from '../../hooks/use-media-device-lists.ts';
import { chosenDevicesAtom, deviceChangeSnackbarAtom, videoReportAtom } from '../../stores/wizard.ts';
import { DeviceSelect } from '../device-select.tsx';
import { PaneFrame } from '../pane-frame.tsx';

/** §8: what the camera says when it cannot start. */
const unableToConnect = 'Unable to connect.';

/** §2.10 Camera test: the chosen camera's picture; a camera that cannot start reports an error (§4). */
export function CameraTestPane({
  onContinue,
  continueDisabled,
}: {
  onContinue: () => void;
  continueDisabled: boolean;
}) {
  const lists = useMediaDeviceLists();
  const [chosen, setChosen] = useAtom(chosenDevicesAtom);
  const [report, setReport] = useAtom(videoReportAtom);
  const showSnackbar = useSetAtom(deviceChangeSnackbarAtom);
  const video = useRef<HTMLVideoElement>(null);
  const [starting, setStarting] = useState(true);
  const deviceId = chosen.videoInput ?? readDeviceChoice('videoInputDeviceId');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let live = true;
    setStarting(true);
    navigator.mediaDevices
      .getUserMedia({ video: cameraConstraints(deviceId) })
      .catch(() => navigator.mediaDevices.getUserMedia({ video: cameraConstraints(null) }))
      .then((opened) => {
        if (!live) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        if (video.current) video.current.srcObject = opened;
        setReport({ errors: [] });
      })
      .catch(() => {
        if (!live) return;
        setReport({ errors: [unableToConnect] });
        showSnackbar(true);
      })
      .finally(() => live && setStarting(false));
    return () => {
      live = false;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [deviceId, setReport, showSnackbar]);

  const choose = (id: string) => {
    saveDeviceChoice('videoInputDeviceId', id);
    setChosen((current) => ({ ...current, videoInput: id }));
  };
  const error = report.errors[0] ?? null;
  return (
    <PaneFrame
      eyebrow="Camera test"
      title="Can you see yourself?"
      actions={
        <Button variant="contained" onClick={onContinue} disabled={continueDisabled}>
          Yes, continue
        </Button>
      }
    >
      <p>Move in front of your camera. If you cannot see yourself, choose another camera.</p>
      <DeviceSelect
        id="camera-select"
        label="Camera"
        devices={lists.videoInputs}
        value={deviceId}
        onChange={choose}
        error={error}
      />
      <Box
        sx={{
          mt: 1,
          width: 400,
          maxWidth: '100%',
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          color: 'grey.100',
        }}
      >
        {error ? (
          <span>{error}</span>
        ) : (
          <video
            ref={video}
            autoPlay
            muted
            playsInline
            aria-label={starting ? 'Starting your camera' : 'Your camera'}
            style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        )}
      </Box>
    </PaneFrame>
  );
}
