import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MAX_GAIN_LIVE, PRESET_NAMES } from '@auscura/audio-engine';
import type { PresetName } from '@auscura/audio-engine';
import type { MonitorSettings } from '../../hooks/use-live-input.ts';

const presetLabels: Record<PresetName, string> = {
  wide: 'Wide (35–1200 Hz)',
  low: 'Low (35–200 Hz)',
  high: 'High (600–1000 Hz)',
  raw: 'Raw',
};

/**
 * Listening through headphones while auscultating: the engine's chain, gain 0–20 (§9). The switch
 * turns listening on (in person); the live exam has its own Preview button instead.
 */
export function MonitorControls({
  value,
  onChange,
  showSwitch = true,
}: {
  value: MonitorSettings;
  onChange: (next: MonitorSettings) => void;
  showSwitch?: boolean;
}) {
  const filterLabelId = useId();
  const gainLabelId = useId();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
      {showSwitch ? (
        <FormControlLabel
          control={
            <Switch
              checked={value.enabled}
              onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
            />
          }
          label="Listen (headphones)"
        />
      ) : null}
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={filterLabelId}>Filter</InputLabel>
        <Select
          labelId={filterLabelId}
          label="Filter"
          value={value.preset}
          onChange={(event) => onChange({ ...value, preset: event.target.value as PresetName })}
        >
          {PRESET_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {presetLabels[name]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ minWidth: 220, flex: 1 }}>
        <Typography variant="body2" id={gainLabelId}>
          Gain: {value.gain}×
        </Typography>
        <Slider
          aria-labelledby={gainLabelId}
          min={0}
          max={MAX_GAIN_LIVE}
          step={1}
          value={value.gain}
          onChange={(_, gain) => onChange({ ...value, gain: gain as number })}
          valueLabelDisplay="auto"
        />
      </Box>
    </Box>
  );
}
