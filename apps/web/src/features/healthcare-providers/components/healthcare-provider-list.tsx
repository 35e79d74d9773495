import type { HealthcareProviderOverview } from '@auscura/contracts';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { useHealthcareProvidersOverview } from '../../../lib/api/healthcare-providers/get-healthcare-providers-overview.ts';
import { rolesText } from '../utils/role-labels.ts';

const columns: PagedTableColumn<HealthcareProviderOverview>[] = [
  { id: 'name', header: 'Name', width: '17%', render: (provider) => provider.fullName },
  { id: 'display', header: 'Display name', width: '13%', render: (provider) => provider.displayName ?? '—' },
  { id: 'email', header: 'Email', width: '22%', render: (provider) => provider.emailAddress },
  { id: 'role', header: 'Role', width: '21%', render: (provider) => rolesText(provider.roles) },
  { id: 'patients', header: 'Total patients', align: 'right', width: '9%', render: (p) => p.totalPatients },
  { id: 'exams', header: 'Total exams', align: 'right', width: '9%', render: (p) => p.totalExams },
  { id: 'unreviewed', header: 'Unreviewed', align: 'right', width: '9%', render: (p) => p.totalUnreviewedExams },
];

/** The organization's providers with their totals (clinician-portal §2.10). */
export function HealthcareProviderList() {
  const { pageNumber, setPageNumber } = usePageParam();
  const query = useHealthcareProvidersOverview({ pageNumber });
  return (
    <PagedQueryTable
      title="Providers"
      titleId="providers-title"
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText="Your organization has no providers yet."
    />
  );
}
