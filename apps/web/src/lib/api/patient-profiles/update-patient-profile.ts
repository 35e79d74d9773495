import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientProfileRoutes } from '@auscura/contracts';
import type { PatientProfile, PatientProfileFields } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getPatientProfileQueryOptions } from './get-patient-profile.ts';
import { patientProfileKeys } from './keys.ts';

/** PATCH with only the changed fields (exams-and-devices §7.5); answers the whole profile. */
export async function updatePatientProfile(
  id: string,
  changes: Partial<PatientProfileFields>,
): Promise<PatientProfile> {
  const { data } = await apiRequest(patientProfileRoutes.update, 200, { params: { id }, body: changes });
  return data;
}

/** Updates a patient, then refreshes the lists and the patient's detail. */
export function useUpdatePatientProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PatientProfileFields>) => updatePatientProfile(id, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientProfileKeys.searches }),
        queryClient.invalidateQueries({ queryKey: getPatientProfileQueryOptions(id).queryKey }),
      ]),
  });
}
