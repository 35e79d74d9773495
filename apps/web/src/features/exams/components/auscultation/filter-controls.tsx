import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { validateCustomFilter } from '@auscura/audio-engine';
import type { PlaybackSettings } from '../../../../lib/audio/playback.ts';
import {
  customFilterHz,
  customFilterIndex,
  customFilterValues,
  presetChoices,
  volumeMarks,
  volumeSlider,
  volumeToGain,
  volumeValueText,
} from '../../utils/player-controls.ts';

type FilterControlsProps = {
  label: string;
  settings: PlaybackSettings;
  volume: number;
  onSettings: (settings: PlaybackSettings) => void;
  onVolume: (volume: number) => void;
  /** Shown under the presets and the custom band (the response of the filter that plays). */
  children?: ReactNode;
};

const defaultCustom = { lowCutHz: 35, highCutHz: 1200 };

/** Presets, the custom band and the volume of §2.13 (values from §9). */
export function FilterControls({ label, settings, volume, onSettings, onVolume, children }: FilterControlsProps) {
  const custom = settings.custom;
  const applyCustom = (lowCutHz: number, highCutHz: number) => {
    try {
      onSettings({ ...settings, custom: validateCustomFilter({ lowCutHz, highCutHz }) });
    } catch (error) {
      // §2.13: an invalid custom value is ignored with a log message.
      console.warn((error as Error).message);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1, alignItems: 'center' }}>
        <Typography variant="body2" component="span" sx={{ width: 56 }}>
          Filter
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={`Filter preset, ${label}`}
          value={custom ? null : settings.preset}
          onChange={(_event, preset: PlaybackSettings['preset'] | null) => {
            if (preset) onSettings({ ...settings, preset, custom: null });
          }}
        >
          {presetChoices.map((choice) => (
            <ToggleButton key={choice.name} value={choice.name}>
              {choice.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel
          control={
            <Switch
              checked={custom !== null}
              onChange={(event) =>
                event.target.checked
                  ? applyCustom(defaultCustom.lowCutHz, defaultCustom.highCutHz)
                  : onSettings({ ...settings, custom: null })
              }
            />
          }
          label="Custom"
        />
        {custom && (
          <Slider
            sx={{ flex: '1 1 200px', minWidth: 180 }}
            size="small"
            min={0}
            max={customFilterValues.length - 1}
            step={1}
            disableSwap
            value={[customFilterIndex(custom.lowCutHz), customFilterIndex(custom.highCutHz)]}
            scale={customFilterHz}
            valueLabelDisplay="auto"
            valueLabelFormat={(hz) => `${hz} Hz`}
            getAriaLabel={(thumb) => `${thumb === 0 ? 'Low cut' : 'High cut'}, ${label}`}
            // With `scale`, MUI hands the scaled value (Hz) to the label functions.
            getAriaValueText={(hz) => `${hz} Hz`}
            onChange={(_event, value) => {
              const [low, high] = value as number[];
              applyCustom(customFilterHz(low!), customFilterHz(high!));
            }}
          />
        )}
      </Box>
      {children && <Box sx={{ pl: { sm: '72px' } }}>{children}</Box>}
      <Box sx={{ display: 'flex', columnGap: 2, alignItems: 'center' }}>
        <Typography variant="body2" component="span" sx={{ width: 56, flexShrink: 0 }}>
          Volume
        </Typography>
        <Slider
          sx={{ maxWidth: 320, mx: 1.5 }}
          size="small"
          min={volumeSlider.min}
          max={volumeSlider.max}
          step={volumeSlider.step}
          marks={volumeMarks}
          value={volume}
          aria-label={`Volume, ${label}`}
          getAriaValueText={volumeValueText}
          onChange={(_event, value) => {
            onVolume(value as number);
            onSettings({ ...settings, gain: volumeToGain(value as number) });
          }}
        />
      </Box>
    </Box>
  );
}
