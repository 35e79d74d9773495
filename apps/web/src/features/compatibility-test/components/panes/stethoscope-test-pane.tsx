import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useAtomValue } from 'jotai';
import type { SpectrumMessage } from '@auscura/audio-engine/worklet-messages';
import { LevelMeter } from '../../../../components/recording/level-meter.tsx';
import { LiveInput } from '../../../../lib/audio/live-input.ts';
import { stethoscopeAtom } from '../../stores/wizard.ts';
import { PaneFrame } from '../pane-frame.tsx';
import { SpectrumBars } from '../spectrum-bars.tsx';

/**
 * §2.10 Stethoscope test: the stethoscope through the audio engine's worklets — its level meter
 * (§9 thresholds), its spectrum, and its filtered monitor for headphones — where the spec has a
 * placeholder.
 */
export function StethoscopeTestPane({ onContinue }: { onContinue: () => void }) {
  const stethoscope = useAtomValue(stethoscopeAtom);
  const [level, setLevel] = useState<number | null>(null);
  const [spectrum, setSpectrum] = useState<SpectrumMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [listening, setListening] = useState(false);
  const input = useRef<LiveInput | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    LiveInput.create(stethoscope.deviceId, { preset: 'wide', gain: 1 }, { spectrum: true })
      .then((created) => {
        if (!live) return created.destroy();
        input.current = created;
        created.onLevel = (message) => setLevel(message.peakDb);
        created.onSpectrum = setSpectrum;
        created.onEnded = () => setError('The stethoscope was disconnected.');
      })
      .catch(() => live && setError('Unable to connect.'));
    return () => {
      live = false;
      input.current?.destroy();
      input.current = null;
    };
  }, [stethoscope.deviceId]);

  const toggleListening = (on: boolean) => {
    input.current?.setMonitoring(on);
    setListening(on);
  };
  return (
    <PaneFrame
      eyebrow="Stethoscope test"
      title="Check your stethoscope"
      actions={
        <Button variant="contained" onClick={onContinue}>
          Continue
        </Button>
      }
    >
      <p>
        {stethoscope.label ? (
          <>
            Testing <strong>{stethoscope.label}</strong>.{' '}
          </>
        ) : null}
        Place the chest piece on your chest or tap it gently: the meter and the spectrum should move.
      </p>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        <LevelMeter db={level} />
        <SpectrumBars
          bandsDb={spectrum?.bandsDb ?? null}
          lowHz={spectrum?.lowHz ?? 20}
          highHz={spectrum?.highHz ?? 2000}
        />
      </Box>
      <FormControlLabel
        sx={{ color: 'text.primary' }}
        control={<Switch checked={listening} onChange={(event) => toggleListening(event.target.checked)} />}
        label="Listen through headphones (heart filter)"
      />
    </PaneFrame>
  );
}
