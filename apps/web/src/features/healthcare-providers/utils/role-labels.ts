import type { Role } from '@auscura/contracts';

const roleLabels: Record<Role, string> = {
  'healthcare-provider': 'Healthcare provider',
  'council-member': 'Council member',
  patient: 'Patient',
};

/** clinician-portal §2.10: the roles as words, joined by a slash. */
export function rolesText(roles: readonly Role[]): string {
  return roles.length > 0 ? roles.map((role) => roleLabels[role]).join(' / ') : '—';
}
