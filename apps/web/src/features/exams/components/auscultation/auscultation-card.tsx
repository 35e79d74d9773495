import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { noiseQualityText, pointDescription, pointName } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { DeleteAuscultationDialog } from '../../../../components/feedback/delete-auscultation-dialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useDeleteAuscultation } from '../../../../lib/api/auscultations/delete-auscultation.ts';
import type { RecordingVariant } from '../../../../lib/api/auscultations/get-recording.ts';
import { AuscultationPlayer } from './auscultation-player.tsx';
import { AutomatedAnalysis } from './automated-analysis.tsx';
import { CompareDialog } from './compare-dialog.tsx';
import { HeartRate } from './heart-rate.tsx';
import { TorsoDiagram } from '../../../../components/recording/torso-diagram.tsx';

type AuscultationCardProps = {
  auscultation: Auscultation;
  variant: RecordingVariant;
  headingId: string;
  /** Offer Delete only when the caller may change the exam's recordings (not a council exam of another organization). */
  canDelete: boolean;
  /** The combo debug view's narrow columns leave out the torso diagram. */
  compact?: boolean;
};

/** One recording on the exam page (§2.12): point, date, torso, player, heart rate, noise and analysis. */
export function AuscultationCard({
  auscultation,
  variant,
  headingId,
  canDelete,
  compact = false,
}: AuscultationCardProps) {
  const remove = useDeleteAuscultation(auscultation.examId);
  const [confirming, setConfirming] = useState(false);
  const [comparing, setComparing] = useState(false);
  const name = pointName(auscultation.auscultationPoint);
  const description = pointDescription(auscultation.auscultationPoint);
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: compact ? 'minmax(0, 1fr)' : { xs: 'minmax(0, 1fr)', md: '156px minmax(0, 1fr)' },
        py: 2,
      }}
    >
      {!compact && <TorsoDiagram point={auscultation.auscultationPoint} />}
      <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            {description && <Typography variant="body2">{description}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(auscultation.dateCreated)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
            <Button
              size="small"
              startIcon={<CompareArrowsIcon />}
              aria-label={`Compare, ${name}`}
              onClick={() => setComparing(true)}
            >
              Compare
            </Button>
            {canDelete && (
              <Button
                color="error"
                size="small"
                sx={{ flexShrink: 0 }}
                startIcon={<DeleteOutlineIcon />}
                disabled={remove.isPending}
                aria-label={`Delete, ${name}`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            )}
          </Box>
          {comparing && <CompareDialog auscultation={auscultation} name={name} onClose={() => setComparing(false)} />}
          {confirming && (
            <DeleteAuscultationDialog
              pointName={name}
              onDelete={() => remove.mutateAsync(auscultation.id)}
              onClose={() => setConfirming(false)}
            />
          )}
        </Box>
        <AuscultationPlayer auscultation={auscultation} label={name} initialVariant={variant} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
          <HeartRate bpm={auscultation.heartrateBpm} beatawareId={auscultation.beatawareId} />
          <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {noiseQualityText(auscultation.noiseQualityRecord)}
            </Typography>
            <AutomatedAnalysis auscultation={auscultation} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
