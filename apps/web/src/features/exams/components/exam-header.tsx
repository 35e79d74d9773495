import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import type { Exam } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { examPatientLinkId, examPatientName } from '../utils/exam-format.ts';
import type { ExamFamily } from '../utils/exam-family.ts';
import { ExamDownloads } from './exam-downloads.tsx';
import { ExamNavigationBar } from './exam-navigation-bar.tsx';
import { ShareExamDialog } from './share-exam-dialog.tsx';

type ExamHeaderProps = { exam: Exam; family: ExamFamily };

/** Title (the patient, or the mask), the exam date, the patient link, Share, and Previous/Next (clinician-portal §2.12). */
export function ExamHeader({ exam, family }: ExamHeaderProps) {
  const [sharing, setSharing] = useState(false);
  const patientId = examPatientLinkId(exam);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 3 }}>
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography variant="h4" component="h1">
          {examPatientName(exam)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatDateTime(exam.dateCreated)}
          {patientId && (
            <>
              {' · '}
              <Link component={RouterLink} to={paths.patient.getHref(patientId)}>
                View patient
              </Link>
            </>
          )}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {family !== 'exam' && <ExamNavigationBar examId={exam.id} family={family} />}
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
          Share
        </Button>
        <ExamDownloads exam={exam} />
      </Box>
      <ShareExamDialog examId={exam.id} open={sharing} onClose={() => setSharing(false)} />
    </Box>
  );
}
