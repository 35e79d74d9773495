import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { NotFoundContent } from '../../../components/errors/not-found-page.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { isMissingRecord } from '../../../lib/is-missing-record.ts';
import { useExam } from '../../../lib/api/exams/get-exam.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { mayChangeRecordings } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import type { ExamFamily } from '../utils/exam-family.ts';
import { topBarHeight } from '../../../components/layout/shell-sizes.ts';
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
  return <ExamReview exam={exam} combo={combo} family={family} />;
}

/** Grid placement: the review panel first on narrow screens, beside the recordings (and sticky) from lg. */
const panelPlacement = {
  gridRow: { lg: 1 },
  gridColumn: { lg: 2 },
  position: { lg: 'sticky' },
  top: { lg: topBarHeight + 16 },
  maxHeight: { lg: `calc(100vh - ${topBarHeight + 32}px)` },
  overflowY: { lg: 'auto' },
} as const;

function ExamReview({ exam, combo, family }: { exam: Exam; combo: boolean; family: ExamFamily }) {
  const user = useCurrentUser();
  const canChange = mayChangeRecordings(exam.organizationId, user?.organizationId);
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
        {/*
          The review (Mark as reviewed, notes, enhanced notes) comes before the recordings: at 1024 px
          the two stack, and a reviewer must not scroll past every recording to reach it (issue 22).
        */}
        <Paper
          variant="outlined"
          component="section"
          aria-label="Review"
          sx={{ p: 3, display: 'grid', gap: 2.5, ...(combo ? { order: 1 } : panelPlacement) }}
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
        <Box sx={combo ? {} : { gridRow: { lg: 1 }, gridColumn: { lg: 1 }, minWidth: 0 }}>
          <AuscultationList auscultations={exam.auscultations ?? []} combo={combo} canChange={canChange} />
        </Box>
      </Box>
    </Box>
  );
}
