import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Exam } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, providerName } from '../../../lib/format.ts';
import { ExamRowMenu } from './exam-row-menu.tsx';
import { examPatientLinkId, examPatientName, examStatusLabel, examTypeLabel } from '../utils/exam-format.ts';

type ExamColumnsOptions = {
  /** The patient detail screen lists one patient's exams and leaves the name out. */
  withPatient: boolean;
  /** Where a row's view link goes: the route family the list belongs to. */
  viewHref: (exam: Exam) => string;
};

function PatientCell({ exam }: { exam: Exam }) {
  const name = examPatientName(exam);
  const id = examPatientLinkId(exam);
  // Patients of other organizations are masked and get no link (clinician-portal §6).
  if (!id) return <span>{name}</span>;
  return (
    <Link component={RouterLink} to={paths.patient.getHref(id)}>
      {name}
    </Link>
  );
}

/** The columns of the exam lists (clinician-portal §2.9–§2.11). */
export function examColumns({ withPatient, viewHref }: ExamColumnsOptions): PagedTableColumn<Exam>[] {
  const dateHeader = withPatient ? 'Exam date' : 'Date';
  const typeHeader = withPatient ? 'Exam type' : 'Type';
  return [
    ...(withPatient
      ? [{ id: 'patient', header: 'Patient name', width: '22%', render: (exam: Exam) => <PatientCell exam={exam} /> }]
      : []),
    {
      id: 'date',
      header: dateHeader,
      width: withPatient ? '14%' : '20%',
      render: (exam) => formatDate(exam.dateCreated),
    },
    { id: 'type', header: typeHeader, width: withPatient ? '20%' : '26%', render: examTypeLabel },
    { id: 'status', header: 'Status', width: withPatient ? '14%' : '18%', render: examStatusLabel },
    {
      id: 'provider',
      header: 'Conducted by',
      width: withPatient ? '20%' : '26%',
      render: (exam) => providerName(exam.healthcareProvider),
    },
    {
      id: 'view',
      header: '',
      label: 'Actions',
      align: 'right',
      width: '10%',
      render: (exam) => {
        const which = `exam of ${formatDate(exam.dateCreated)}${withPatient ? ` for ${examPatientName(exam)}` : ''}`;
        return (
          <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Link component={RouterLink} to={viewHref(exam)} aria-label={`View ${which}`}>
              View
            </Link>
            <ExamRowMenu exam={exam} label={which} />
          </Box>
        );
      },
    },
  ];
}
