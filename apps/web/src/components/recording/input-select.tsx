import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { AudioInput } from '../../lib/audio/stethoscope.ts';

/** Which audio input is the stethoscope; any input may be chosen when none is detected. */
export function InputSelect({
  inputs,
  value,
  onChange,
  disabled,
}: {
  inputs: AudioInput[];
  value: string | null;
  onChange: (deviceId: string) => void;
  disabled?: boolean;
}) {
  const known = value !== null && inputs.some((input) => input.deviceId === value);
  return (
    <FormControl size="small" sx={{ minWidth: 280 }} disabled={disabled}>
      <InputLabel id="stethoscope-input-label">Stethoscope input</InputLabel>
      <Select
        labelId="stethoscope-input-label"
        label="Stethoscope input"
        value={known ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {inputs.map((input) => (
          <MenuItem key={input.deviceId} value={input.deviceId}>
            {input.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
