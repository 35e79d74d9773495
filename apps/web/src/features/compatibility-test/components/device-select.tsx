import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

/** A device selector with §8's helper text ('No audio detected.', 'Unable to connect.') when its test fails. */
export function DeviceSelect({
  id,
  label,
  devices,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  devices: { deviceId: string; label: string }[];
  value: string | null;
  onChange: (deviceId: string) => void;
  error?: string | null;
}) {
  const known = value !== null && devices.some((device) => device.deviceId === value);
  return (
    <FormControl size="small" sx={{ minWidth: 300, maxWidth: '100%' }} error={!!error} disabled={!devices.length}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={known ? value : (devices[0]?.deviceId ?? '')}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={error ? `${id}-helper` : undefined}
      >
        {devices.map((device) => (
          <MenuItem key={device.deviceId} value={device.deviceId}>
            {device.label}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText id={`${id}-helper`}>{error}</FormHelperText>}
    </FormControl>
  );
}
