import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { analysisVerdict, heartRateText, murmurText, noiseQualityText } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useEarlierAuscultations } from '../../../../lib/api/auscultations/get-earlier-auscultations.ts';
import { ComparePlayer } from './compare-player.tsx';

type CompareDialogProps = { auscultation: Auscultation; name: string; onClose: () => void };

/** One recording's analysis in the words of its card: rate, murmur, verdict, noise. */
export function comparisonFacts(auscultation: Auscultation): Array<[string, string]> {
  const report = auscultation.beatawareReport;
  const rate = heartRateText(auscultation.heartrateBpm);
  return [
    ['Heart rate', rate === '--' ? '--' : `${rate} bpm`],
    ['Murmur', murmurText(report?.murmur, report?.quality) ?? 'not analysed'],
    ['Automated analysis', analysisVerdict(auscultation)],
    ['Noise', noiseQualityText(auscultation.noiseQualityRecord).replace('Noise quality: ', '')],
  ];
}

function Facts({ auscultation, title }: { auscultation: Auscultation; title: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, m: 0 }}>
        {comparisonFacts(auscultation).map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Compare (issue 40): this recording and the same point in one of the patient's earlier exams, one
 * above the other on one time scale aligned on S1 with one transport, and their analyses side by side. What the viewer sees of
 * the patient is the exam page's; the recordings carry no identity.
 */
export function CompareDialog({ auscultation, name, onClose }: CompareDialogProps) {
  const earlier = useEarlierAuscultations(auscultation.id);
  const [chosen, setChosen] = useState<Auscultation | null>(null);
  const thisTitle = `This visit, ${formatDateTime(auscultation.dateCreated)}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="compare-title">
      <DialogTitle id="compare-title">Compare {name}</DialogTitle>
      <DialogContent dividers>
        {!chosen ? (
          earlier.isPending ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CircularProgress size={20} aria-label="Loading earlier recordings" />
              <Typography variant="body2">Looking for earlier recordings of {name}…</Typography>
            </Box>
          ) : earlier.isError ? (
            <Typography role="alert">The earlier recordings could not be loaded. Please try again later.</Typography>
          ) : earlier.data.auscultations.length === 0 ? (
            <Typography>This patient has no earlier recording of {name}.</Typography>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Choose an earlier recording of {name} to compare with this one (newest first).
              </Typography>
              <List aria-label={`Earlier recordings of ${name}`}>
                {earlier.data.auscultations.map((item) => {
                  const [rate, murmur] = comparisonFacts(item);
                  return (
                    <ListItemButton key={item.id} onClick={() => setChosen(item)}>
                      <ListItemText
                        primary={formatDateTime(item.dateCreated)}
                        secondary={`Heart rate ${rate![1]} · Murmur: ${murmur![1]}`}
                      />
                    </ListItemButton>
                  );
                })}
              </List>
            </>
          )
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Facts auscultation={auscultation} title={thisTitle} />
              <Facts auscultation={chosen} title={`Earlier, ${formatDateTime(chosen.dateCreated)}`} />
            </Box>
            <ComparePlayer
              current={auscultation}
              earlier={chosen}
              name={name}
              earlierTitle={`Earlier, ${formatDateTime(chosen.dateCreated)}`}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {chosen && <Button onClick={() => setChosen(null)}>Choose another</Button>}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
