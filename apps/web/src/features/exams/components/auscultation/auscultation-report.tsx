import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { NotFoundContent } from '../../../../components/errors/not-found-page.tsx';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { listLoadFailedText } from '../../../../components/paged-table/list-messages.ts';
import { paths } from '../../../../config/paths.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { isMissingRecord } from '../../../../lib/is-missing-record.ts';
import { useAuscultationReport } from '../../../../lib/api/auscultations/get-auscultation-report.ts';
import { ReportMarkdown, ReportStatistics } from './report-content.tsx';
import { diagnosisText, heartRateText, murmurText, pointName, reportDisplay } from '@auscura/contracts';

/** The report page behind the heart rate's double-click link (§2.12): the markdown and its statistics. */
export function AuscultationReportPage({ reportId }: { reportId: string }) {
  const query = useAuscultationReport(reportId);
  if (query.isPending) return <PageSpinner label="Loading report…" />;
  if (query.isError) {
    return isMissingRecord(query.error) ? <NotFoundContent /> : <Alert severity="error">{listLoadFailedText}</Alert>;
  }
  const report = query.data;
  const point = pointName(report.auscultationPoint);
  const display = reportDisplay(report.beatawareStatus, report.beatawareReport);
  const lung = report.auscultationPoint.type === 'lungs' || report.beatawareReport?.analysedAs === 'lungs';
  const murmur = murmurText(report.beatawareReport?.murmur);
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Automated report, {point}
        </Typography>
        <Typography color="text.secondary">
          {lung
            ? `${formatDateTime(report.dateCreated)} · No heart analysis for lung sounds`
            : `${formatDateTime(report.dateCreated)} · Heart rate ${heartRateText(report.heartrateBpm)} bpm · Automated analysis: ${diagnosisText(report.ausculthingDiagnosis)}`}
        </Typography>
        {murmur && <Typography color="text.secondary">Murmur: {murmur}</Typography>}
        <Link component={RouterLink} to={paths.exam.getHref(report.examId)}>
          Back to the exam
        </Link>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {display.kind === 'text' ? (
          <Typography>{display.text}</Typography>
        ) : (
          <ReportMarkdown markdown={display.report.reportMarkdown} headingLevel={1} />
        )}
      </Paper>
      {display.kind === 'report' && (
        <Paper variant="outlined" component="section" aria-labelledby="report-statistics" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id="report-statistics" sx={{ mb: 1 }}>
            Statistics
          </Typography>
          <ReportStatistics statistics={display.report.statistics} caption="Statistics per segment" />
        </Paper>
      )}
    </Box>
  );
}
