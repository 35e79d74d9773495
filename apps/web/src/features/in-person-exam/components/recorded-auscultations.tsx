import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Auscultation } from '@auscura/contracts';
import { siteName } from '@auscura/contracts';
import { DeleteAuscultationDialog } from './delete-auscultation-dialog.tsx';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The auscultations recorded in this exam so far, newest first, each with a delete action. */
export function RecordedAuscultations({ examId, auscultations }: { examId: string; auscultations: Auscultation[] }) {
  const [deleting, setDeleting] = useState<Auscultation | null>(null);
  const newestFirst = [...auscultations].reverse();
  return (
    <Box component="section" aria-labelledby="recorded-title">
      <Typography variant="h6" component="h2" id="recorded-title">
        Recorded Auscultations
      </Typography>
      {newestFirst.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nothing recorded yet.
        </Typography>
      ) : (
        <List dense aria-labelledby="recorded-title">
          {newestFirst.map((auscultation) => {
            const name = siteName(auscultation.auscultationPoint.label);
            const duration = auscultation.recording ? `${auscultation.recording.duration.toFixed(1)} s` : '';
            return (
              <ListItem
                key={auscultation.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Delete ${name} recording`}
                    onClick={() => setDeleting(auscultation)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={name}
                  secondary={[time(auscultation.dateCreated), duration].filter(Boolean).join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {deleting && (
        <DeleteAuscultationDialog examId={examId} auscultation={deleting} onClose={() => setDeleting(null)} />
      )}
    </Box>
  );
}
