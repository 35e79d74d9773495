import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PreviousIcon from '@mui/icons-material/KeyboardArrowLeft';
import NextIcon from '@mui/icons-material/KeyboardArrowRight';
import { Link as RouterLink } from 'react-router-dom';
import { useExamNavigation } from '../../../lib/api/exams/get-exam-navigation.ts';
import { examHref } from '../utils/exam-family.ts';
import type { ExamFamily } from '../utils/exam-family.ts';
import { examNavigationTargets, examPositionText } from '../utils/exam-navigation.ts';

type ExamNavigationBarProps = { examId: string; family: Exclude<ExamFamily, 'exam'> };

/** 'N of M' with Previous and Next under the organization exam routes (clinician-portal §2.12). */
export function ExamNavigationBar({ examId, family }: ExamNavigationBarProps) {
  const query = useExamNavigation(examId, family === 'organization-all');
  // Without its position the exam is still worth reviewing; the bar simply stays away.
  if (!query.data) return null;
  const { previous, next } = examNavigationTargets(query.data);
  const link = (id: string | null) => (id ? { component: RouterLink, to: examHref(family, id) } : { disabled: true });
  return (
    <Box component="nav" aria-label="Exam navigation" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button size="small" startIcon={<PreviousIcon />} {...link(previous)}>
        Previous
      </Button>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minWidth: 64, textAlign: 'center' }}>
        {examPositionText(query.data)}
      </Typography>
      <Button size="small" endIcon={<NextIcon />} {...link(next)}>
        Next
      </Button>
    </Box>
  );
}
