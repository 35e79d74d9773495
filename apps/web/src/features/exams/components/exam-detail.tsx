import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { NotFoundContent } from '../../../components/errors/not-found-page.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { isMissingRecord } from '../../../lib/is-missing-record.ts';
import { useExam } from '../../../lib/api/exams/get-exam.ts';
import type { ExamFamily } from '../utils/exam-family.ts';
import { AuscultationList } from './auscultation-list.tsx';
import { EnhancedNotesPanel } from './enhanced-notes-panel.tsx';
import { ExamHeader } from './exam-header.tsx';
import { ExamPeople } from './exam-people.tsx';
import { ReviewedToggle } from './reviewed-toggle.tsx';
import { NotesEditor } from '../../../components/notes-editor/notes-editor.tsx';

type ExamDetailProps = { examId: string; family: ExamFamily; combo: boolean };

/** The exam review screen (clinician-portal §2.12). */
export function ExamDetail({ examId, family, combo }: ExamDetailProps) {
  const query = useExam(examId);
  if (query.isPending) return <PageSpinner label="Loading exam…" />;
  if (query.isError) {
    if (isMissingRecord(query.error)) return <NotFoundContent />;
    return <Alert severity="error">{listLoadFailedText}</Alert>;
  }
  const exam = query.data;
  return (
    <Box>
      <ExamHeader exam={exam} family={family} />
      <Box
        sx={{
          display: 'grid',
          // The combo debug view needs the whole width for its three columns; the panel goes below.
          gridTemplateColumns: combo ? 'minmax(0, 1fr)' : { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 400px' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <AuscultationList auscultations={exam.auscultations ?? []} combo={combo} />
        <Paper
          variant="outlined"
          sx={{ p: 3, display: 'grid', gap: 2.5, ...(combo ? {} : { gridRow: { lg: 1 }, gridColumn: { lg: 2 } }) }}
        >
          <ReviewedToggle exam={exam} />
          <ExamPeople exam={exam} />
          <Divider />
          {/* Keyed by exam: Previous/Next reuse these components, and their local edits must not carry over. */}
          <NotesEditor
            key={`notes-${exam.id}`}
            examId={exam.id}
            initial={exam.notes ?? ''}
            failureText="Failed to save exam notes."
          />
          <Divider />
          <EnhancedNotesPanel key={`enhanced-${exam.id}`} exam={exam} />
        </Paper>
      </Box>
    </Box>
  );
}
