import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Auscultation } from '@auscura/contracts';
import { formatDateTime } from '../../../lib/format.ts';

/** clinician-portal §2.12: the debug view's prefiltering algorithms, in its column order. */
const comboColumns = ['Silence', 'Algo1', 'Raw'] as const;

function pointLabel(auscultation: Auscultation): string {
  return auscultation.auscultationPoint.longLabel ?? auscultation.auscultationPoint.label;
}

/**
 * One list item per recording: point, description and date. The waveform and player come with
 * the audio player issue.
 */
function AuscultationItems({ auscultations }: { auscultations: Auscultation[] }) {
  return (
    <List disablePadding>
      {auscultations.map((auscultation) => (
        <ListItem key={auscultation.id} divider sx={{ px: 0 }}>
          <ListItemText
            primary={pointLabel(auscultation)}
            secondary={
              <>
                {auscultation.auscultationPoint.description && (
                  <span style={{ display: 'block' }}>{auscultation.auscultationPoint.description}</span>
                )}
                <span style={{ display: 'block' }}>{formatDateTime(auscultation.dateCreated)}</span>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

type AuscultationListProps = { auscultations: Auscultation[]; combo: boolean };

/** The exam's recordings; `combo` is the debug layout with each one under three algorithms. */
export function AuscultationList({ auscultations, combo }: AuscultationListProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="auscultations-title" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" id="auscultations-title" sx={{ mb: 1 }}>
        Auscultations
      </Typography>
      {auscultations.length === 0 ? (
        <Typography color="text.secondary">This exam has no recordings.</Typography>
      ) : combo ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 3 }}>
          {comboColumns.map((column) => (
            <Box key={column} component="section" aria-label={column}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {column}
              </Typography>
              <AuscultationItems auscultations={auscultations} />
            </Box>
          ))}
        </Box>
      ) : (
        <AuscultationItems auscultations={auscultations} />
      )}
    </Paper>
  );
}
