import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Auscultation } from '@auscura/contracts';
import { diagnosisText, reportDisplay } from '../../utils/auscultation-format.ts';
import { ReportMarkdown } from './report-content.tsx';

/** The automated diagnosis and the report, or its status text (§4). */
export function AutomatedAnalysis({ auscultation }: { auscultation: Auscultation }) {
  const display = reportDisplay(auscultation.beatawareStatus, auscultation.beatawareReport);
  return (
    <Box>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Automated analysis:{' '}
        </Box>
        {diagnosisText(auscultation.ausculthingDiagnosis)}
      </Typography>
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
