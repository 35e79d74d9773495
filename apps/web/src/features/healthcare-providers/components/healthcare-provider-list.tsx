import { limits } from '@auscura/contracts';
import type { HealthcareProviderOverview } from '@auscura/contracts';
import { PagedTable } from '../../../components/paged-table/paged-table.tsx';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
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
  let message: string | undefined;
  if (query.isError) message = listLoadFailedText;
  else if (query.isSuccess && query.data.items.length === 0) message = 'Your organization has no providers yet.';
  return (
    <PagedTable
      title="Providers"
      titleId="providers-title"
      columns={columns}
      rows={query.data?.items ?? []}
      getRowId={(provider) => provider.id}
      totalCount={query.isError ? 0 : (query.data?.totalCount ?? 0)}
      pageNumber={pageNumber}
      pageSize={limits.pageSize}
      onPageChange={setPageNumber}
      loading={query.isFetching}
      message={message}
    />
  );
}
