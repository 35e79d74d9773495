import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { heartRateText } from '@auscura/contracts';
import { paths } from '../../../../config/paths.ts';

/** The heart rate (§2.13); a double-click reveals the link to the report page (§2.12). */
export function HeartRate({ bpm, beatawareId }: { bpm: number | null; beatawareId: string | null }) {
  const [showLink, setShowLink] = useState(false);
  return (
    <Box onDoubleClick={() => setShowLink(true)} sx={{ userSelect: 'none' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        Heart rate
      </Typography>
      <Typography variant="h5" component="p">
        {heartRateText(bpm)}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          bpm
        </Typography>
      </Typography>
      {showLink && beatawareId && (
        <Link component={RouterLink} to={paths.auscultationReport.getHref(beatawareId)} variant="body2">
          Open report
        </Link>
      )}
    </Box>
  );
}
