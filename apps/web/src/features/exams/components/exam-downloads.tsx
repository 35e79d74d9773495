import Button from '@mui/material/Button';
import DataObjectIcon from '@mui/icons-material/DataObject';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Exam } from '@auscura/contracts';
import { useNotify } from '../../../components/notifications/use-notify.ts';
import { useDownloadExamFhir } from '../../../lib/api/exams/download-exam-fhir.ts';
import { useDownloadExamReport } from '../../../lib/api/exams/download-exam-report.ts';

export const downloadFailedText = 'The download failed. Please try again.';

/** The exam taken to the chart (issue 38): its PDF report and its FHIR R4 bundle. */
export function ExamDownloads({ exam }: { exam: Pick<Exam, 'id' | 'dateCreated'> }) {
  const notify = useNotify();
  const report = useDownloadExamReport(exam.id, exam.dateCreated);
  const fhir = useDownloadExamFhir(exam.id, exam.dateCreated);
  const onError = () => notify(downloadFailedText, 'error');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfIcon />}
        disabled={report.isPending}
        onClick={() => report.mutate(undefined, { onError })}
      >
        Download report
      </Button>
      <Button
        variant="outlined"
        startIcon={<DataObjectIcon />}
        disabled={fhir.isPending}
        onClick={() => fhir.mutate(undefined, { onError })}
      >
        Download FHIR (.json)
      </Button>
    </>
  );
}
