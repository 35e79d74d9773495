import type { Principal } from './principal.js';
import { HttpError, notFound } from './http-error.js';

/** Council membership: the operator grants the council-member role per provider (admin CLI). */
function isCouncilMember(principal: Principal): boolean {
  return principal.roles.includes('council-member');
}

export function requireCouncilMember(principal: Principal): void {
  if (!isCouncilMember(principal)) {
    throw new HttpError('UNAUTHORIZED', 'Only members of the council of doctors may see council exams.', 403);
  }
}

/**
 * An exam is visible to providers of its organization, and to council members (with the patient
 * masked). To anyone else it does not exist.
 */
export function assertExamVisible(principal: Principal, examOrganizationId: string): void {
  if (examOrganizationId !== principal.organizationId && !isCouncilMember(principal)) throw notFound('exam');
}
