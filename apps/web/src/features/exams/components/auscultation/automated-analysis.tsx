import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Auscultation } from '@auscura/contracts';
import { diagnosisText, murmurText, qualityText, reportDisplay } from '../../utils/auscultation-format.ts';
import { ReportMarkdown } from './report-content.tsx';

/** What the automated analysis says in one line: lung recordings get no heart verdict. */
function verdict(auscultation: Auscultation): string {
  if (auscultation.auscultationPoint.type === 'lungs' || auscultation.beatawareReport?.analysedAs === 'lungs')
    return 'No heart analysis for lung sounds';
  // Rate '--' and murmur not judged: the card says why (issue 35).
  return qualityText(auscultation.beatawareReport) ?? diagnosisText(auscultation.ausculthingDiagnosis);
}

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
        {verdict(auscultation)}
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
