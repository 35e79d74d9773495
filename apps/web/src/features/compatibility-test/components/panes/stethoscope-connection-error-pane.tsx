import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { paths } from '../../../../config/paths.ts';
import { useAtom } from 'jotai';
import { useMediaDeviceLists } from '../../hooks/use-media-device-lists.ts';
import { stethoscopeAtom } from '../../stores/wizard.ts';
import { DeviceSelect } from '../device-select.tsx';
import { PaneFrame } from '../pane-frame.tsx';

/**
 * §2.10 Stethoscope connection error: what to check, and — since some stethoscopes give their
 * input another name — any audio input may be chosen as the stethoscope.
 */
export function StethoscopeConnectionErrorPane({ onContinue }: { onContinue: () => void }) {
  const lists = useMediaDeviceLists();
  const [stethoscope, setStethoscope] = useAtom(stethoscopeAtom);
  const selected = stethoscope.deviceId ?? lists.stethoscopes[0]?.deviceId ?? null;
  const choose = (deviceId: string) =>
    setStethoscope((current) => ({
      ...current,
      deviceId,
      label: lists.stethoscopes.find((input) => input.deviceId === deviceId)?.label ?? null,
    }));
  return (
    <PaneFrame
      eyebrow="Stethoscope connection error"
      title="We could not find your stethoscope"
      actions={
        <Button
          variant="contained"
          disabled={!selected}
          onClick={() => {
            if (selected && !stethoscope.deviceId) choose(selected);
            onContinue();
          }}
        >
          Test this input
        </Button>
      }
    >
      <p>
        Check that the stethoscope is plugged in (try another USB port), charged and turned on, and that no other
        application is using it. Then go back one step to search again.
      </p>
      <p>If your stethoscope appears under another name, choose it here:</p>
      <p>
        <Link href={paths.emsLog.getHref()} target="_blank" rel="noopener">
          Which stethoscopes does Auscura recognize? (opens in a new tab)
        </Link>
      </p>
      <DeviceSelect
        id="stethoscope-select"
        label="Stethoscope input"
        devices={lists.stethoscopes}
        value={selected}
        onChange={choose}
      />
    </PaneFrame>
  );
}
