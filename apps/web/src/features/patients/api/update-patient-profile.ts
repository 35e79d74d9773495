import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientProfileRoutes } from '@auscura/contracts';
import type { PatientProfile } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PatientFields } from '../utils/patient-form.ts';
import { getPatientProfileQueryOptions } from './get-patient-profile.ts';

/** PATCH with only the changed fields (exams-and-devices §7.5); answers the whole profile. */
export async function updatePatientProfile(id: string, changes: Partial<PatientFields>): Promise<PatientProfile> {
  const { data } = await apiRequest(patientProfileRoutes.update, 200, { params: { id }, body: changes });
  return data;
}

/** Updates a patient, then refreshes the lists and the patient's detail. */
export function useUpdatePatientProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PatientFields>) => updatePatientProfile(id, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['patient-profiles', 'search'] }),
        queryClient.invalidateQueries({ queryKey: getPatientProfileQueryOptions(id).queryKey }),
      ]),
  });
}
