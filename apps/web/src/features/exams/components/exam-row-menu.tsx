import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Exam } from '@auscura/contracts';
import { useNotify } from '../../../components/notifications/use-notify.ts';
import { useDownloadExamFhir } from '../../../lib/api/exams/download-exam-fhir.ts';
import { useDownloadExamReport } from '../../../lib/api/exams/download-exam-report.ts';
import { downloadFailedText } from './exam-downloads.tsx';

/** A row's menu in the exam lists: the exam's report and FHIR bundle without opening it (issue 38). */
export function ExamRowMenu({ exam, label }: { exam: Pick<Exam, 'id' | 'dateCreated'>; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notify = useNotify();
  const report = useDownloadExamReport(exam.id, exam.dateCreated);
  const fhir = useDownloadExamFhir(exam.id, exam.dateCreated);
  const onError = () => notify(downloadFailedText, 'error');
  const menuId = `exam-menu-${exam.id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions, ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={report.isPending}
          onClick={() => {
            setAnchor(null);
            report.mutate(undefined, { onError });
          }}
        >
          Download report
        </MenuItem>
        <MenuItem
          disabled={fhir.isPending}
          onClick={() => {
            setAnchor(null);
            fhir.mutate(undefined, { onError });
          }}
        >
          Download FHIR (.json)
        </MenuItem>
      </Menu>
    </>
  );
}
