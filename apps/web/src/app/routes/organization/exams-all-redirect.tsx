import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

/**
 * /organization/exams/all is the 'All' list (clinician-portal §2.1): the same screen as
 * /organization/exams with all=true. The page and any other parameter of the address are kept.
 */
export function OrganizationExamsAllRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('all', 'true');
  return <Navigate to={`${paths.organizationExams.getHref()}?${params.toString()}`} replace />;
}
