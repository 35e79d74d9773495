import type { Db } from '../db/connect.js';
import type { Participant } from './rules.js';

/**
 * The signed-in provider as a participant of a live exam (its shared state and its room): the
 * provider's id, and the name the patient sees — the display name, else first and last name.
 */
export async function providerParticipant(
  db: Db,
  healthcareProviderId: string,
): Promise<Omit<Participant, 'virtualExamId'> & { role: 'HealthcareProvider' }> {
  const provider = await db
    .selectFrom('healthcare_providers')
    .select(['display_name', 'first_name', 'last_name'])
    .where('id', '=', healthcareProviderId)
    .executeTakeFirst();
  const name =
    provider?.display_name ?? ([provider?.first_name, provider?.last_name].filter(Boolean).join(' ') || 'Clinician');
  return { id: healthcareProviderId, name, role: 'HealthcareProvider' };
}
