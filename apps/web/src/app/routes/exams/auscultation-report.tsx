import { useParams } from 'react-router-dom';
import { AuscultationReportPage } from '../../../features/exams/components/auscultation/auscultation-report.tsx';

/** /reports/:reportId — the automated report of one auscultation, found by its beatawareId (§2.12). */
export default function AuscultationReportRoute() {
  const { reportId = '' } = useParams();
  return <AuscultationReportPage reportId={reportId} />;
}
