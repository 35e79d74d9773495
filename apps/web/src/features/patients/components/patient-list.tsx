import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { PatientProfile } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { TableSearchField } from '../../../components/paged-table/table-search-field.tsx';
import { paths } from '../../../config/paths.ts';
import { providerName } from '../../../lib/format.ts';
import { useSearchPatientProfiles } from '../../../lib/api/patient-profiles/search-patient-profiles.ts';
import type { PatientListScope } from '../../../lib/api/patient-profiles/search-patient-profiles.ts';
import { usePatientListParams } from '../hooks/use-patient-list-params.ts';
import { formatBirthdate, patientName } from '../../../lib/format-patient.ts';
import { NoPatients } from './no-patients.tsx';
import { PatientRowMenu } from './patient-row-menu.tsx';
import { noMatchingRecordsText } from '../../../components/paged-table/list-messages.ts';

const actionsColumn: PagedTableColumn<PatientProfile> = {
  id: 'actions',
  header: '',
  label: 'Actions',
  align: 'right',
  width: '12%',
  render: (patient) => (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Link component={RouterLink} to={paths.patient.getHref(patient.id)} aria-label={`View ${patientName(patient)}`}>
        View
      </Link>
      <PatientRowMenu patient={patient} />
    </Box>
  ),
};

const providerColumns: PagedTableColumn<PatientProfile>[] = [
  { id: 'name', header: 'Name', width: '30%', render: patientName },
  { id: 'birthdate', header: 'Date of birth', width: '18%', render: (patient) => formatBirthdate(patient.birthdate) },
  { id: 'email', header: 'Email', width: '40%', render: (patient) => patient.emailAddress ?? '—' },
  actionsColumn,
];

/** clinician-portal §2.10: the organization's list adds the primary care provider. */
const organizationColumns: PagedTableColumn<PatientProfile>[] = [
  { id: 'name', header: 'Name', width: '24%', render: patientName },
  { id: 'birthdate', header: 'Date of birth', width: '14%', render: (patient) => formatBirthdate(patient.birthdate) },
  { id: 'email', header: 'Email', width: '28%', render: (patient) => patient.emailAddress ?? '—' },
  {
    id: 'primary',
    header: 'Primary care provider',
    width: '22%',
    render: (patient) => providerName(patient.healthcareProvider),
  },
  actionsColumn,
];

/** The provider's or the organization's patients, searchable and paged (clinician-portal §2.8, §2.10). */
type PatientListProps = PatientListScope & {
  /** Shown in the empty state (the 'Add new patient' button of the Patients screen). */
  emptyAction?: ReactNode;
};

export function PatientList({ emptyAction, ...scope }: PatientListProps) {
  const { pageNumber, setPageNumber, searchText, setSearchText, search } = usePatientListParams();
  const query = useSearchPatientProfiles({ ...scope, search, pageNumber });
  const byOrganization = 'organizationId' in scope;
  const columns = byOrganization ? organizationColumns : providerColumns;
  const searching = search.trim() !== '';
  if (query.isSuccess && !query.isPlaceholderData && query.data.totalCount === 0 && !searching && searchText === '') {
    return <NoPatients action={emptyAction} />;
  }

  return (
    <PagedQueryTable
      title="Patient list"
      titleId="patient-list-title"
      toolbar={
        <TableSearchField
          value={searchText}
          onChange={setSearchText}
          placeholder="Enter name or email address"
          label="Search patients by name or email address"
        />
      }
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText={searching ? noMatchingRecordsText : undefined}
    />
  );
}
