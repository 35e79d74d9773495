import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Auscultation } from '@auscura/contracts';
import type { RecordingVariant } from '../../../lib/api/auscultations/get-recording.ts';
import { AuscultationCard } from './auscultation/auscultation-card.tsx';

/** clinician-portal §2.12: the debug view's prefiltering algorithms, in its column order. */
const comboColumns = ['Silence', 'Algo1', 'Raw'] as const;

/** One card per recording, each playing `variant` at first. */
function AuscultationItems({
  auscultations,
  variant,
  canChange,
  compact = false,
}: {
  auscultations: Auscultation[];
  variant: RecordingVariant;
  canChange: boolean;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <Box sx={{ '& > article + article': { borderTop: 1, borderColor: 'divider' } }}>
      {auscultations.map((auscultation) => (
        <AuscultationCard
          key={auscultation.id}
          auscultation={auscultation}
          variant={variant}
          headingId={`${id}-${auscultation.id}`}
          canDelete={canChange}
          compact={compact}
        />
      ))}
    </Box>
  );
}

type AuscultationListProps = {
  auscultations: Auscultation[];
  combo: boolean;
  /** Whether the caller may delete recordings (mayChangeRecordings): not on another organization's exam. */
  canChange: boolean;
};

/** The exam's recordings; `combo` is the debug layout with each one under three algorithms. */
export function AuscultationList({ auscultations, combo, canChange }: AuscultationListProps) {
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
              <AuscultationItems auscultations={auscultations} variant={column} canChange={canChange} compact />
            </Box>
          ))}
        </Box>
      ) : (
        <AuscultationItems auscultations={auscultations} variant="Silence" canChange={canChange} />
      )}
    </Paper>
  );
}
