import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { analysisVerdict, murmurText, reportDisplay } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { ReportMarkdown } from './report-content.tsx';

/** The automated diagnosis, the murmur finding and the report, or its status text (§4). */
export function AutomatedAnalysis({ auscultation }: { auscultation: Auscultation }) {
  const display = reportDisplay(auscultation.beatawareStatus, auscultation.beatawareReport);
  const murmur = murmurText(auscultation.beatawareReport?.murmur, auscultation.beatawareReport?.quality);
  return (
    <Box>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Automated analysis:{' '}
        </Box>
        {analysisVerdict(auscultation)}
      </Typography>
      {murmur && (
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Murmur:{' '}
          </Box>
          {murmur}
        </Typography>
      )}
      <Box sx={{ mt: 0.5 }}>
        {display.kind === 'text' ? (
          <Typography variant="body2" color="text.secondary">
            {display.text}
          </Typography>
        ) : (
          <Box
            sx={{ maxHeight: 220, overflowY: 'auto', typography: 'body2' }}
            tabIndex={0}
            aria-label="Automated report"
          >
            <ReportMarkdown markdown={display.report.reportMarkdown} headingLevel={3} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
