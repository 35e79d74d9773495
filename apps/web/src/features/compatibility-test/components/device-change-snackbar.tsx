import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { useAtom } from 'jotai';
import { deviceChangeSnackbarAtom } from '../stores/wizard.ts';
import { compatibilityTimings } from '../utils/timings.ts';

/** §8: its beginning is the spec's; the rest of its text is not shown there. */
const deviceChangeMessage =
  'Device change: unable to connect - please reset your browser/OS permissions, check the device is plugged in, then refresh the page.';

/** §4/§8: shown when the camera or audio test reports errors; hides itself after 110 s (§9). */
export function DeviceChangeSnackbar() {
  const [open, setOpen] = useAtom(deviceChangeSnackbarAtom);
  return (
    <Snackbar
      open={open}
      autoHideDuration={compatibilityTimings.snackbarAutoHideMs}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={deviceChangeMessage}
      action={
        <IconButton size="small" color="inherit" aria-label="Close" onClick={() => setOpen(false)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    />
  );
}
