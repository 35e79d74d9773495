import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';

/** The wizard's up and down buttons (§2.10); what disables them is §4's (transitions.ts). */
export function WizardControls({
  upDisabled,
  downDisabled,
  onUp,
  onDown,
}: {
  upDisabled: boolean;
  downDisabled: boolean;
  onUp: () => void;
  onDown: () => void;
}) {
  const button = { border: 1, borderColor: 'divider', bgcolor: 'background.paper' } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Tooltip title="Previous step" placement="left">
        <span>
          <IconButton aria-label="Previous step" onClick={onUp} disabled={upDisabled} sx={button}>
            <KeyboardArrowUpIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Next step" placement="left">
        <span>
          <IconButton aria-label="Next step" onClick={onDown} disabled={downDisabled} sx={button}>
            <KeyboardArrowDownIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
