import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { inPersonPoints, siteOf } from '@auscura/contracts';
import type { AuscultationPoint } from '@auscura/contracts';

const groups = [
  { type: 'heart', name: 'Heart' },
  { type: 'lungs', name: 'Lungs' },
  { type: 'other', name: 'Other' },
] as const;

/** The wizard's 'Select auscultation point' step. */
export function PointStep({
  value,
  onChange,
  onNext,
}: {
  value: AuscultationPoint | null;
  onChange: (point: AuscultationPoint) => void;
  onNext: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormControl>
        <FormLabel id="point-label">Auscultation point</FormLabel>
        <RadioGroup
          aria-labelledby="point-label"
          value={value?.label ?? ''}
          onChange={(event) => {
            const point = inPersonPoints.find((p) => p.label === event.target.value);
            if (point) onChange(point);
          }}
        >
          {groups.map((group) => (
            <Box key={group.type} sx={{ mt: 1 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {group.name}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                {inPersonPoints
                  .filter((point) => point.type === group.type)
                  .map((point) => (
                    <FormControlLabel
                      key={point.label}
                      value={point.label}
                      control={<Radio />}
                      label={point.type === 'other' ? point.longLabel : `${point.label} (${point.longLabel})`}
                      sx={{ minWidth: 140 }}
                    />
                  ))}
              </Box>
            </Box>
          ))}
        </RadioGroup>
      </FormControl>
      {/* Where the chosen point is, in the clinician's words (the one table). */}
      {value && siteOf(value.label)?.description ? (
        <Typography id="point-description" role="status">
          {siteOf(value.label)?.description}
        </Typography>
      ) : null}
      <Box>
        <Button variant="contained" onClick={onNext} disabled={!value}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
