import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientProfileRoutes } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PatientFields } from '../utils/patient-form.ts';

/** The server stamps the caller's organization and provider (exams-and-devices §6). */
export async function createPatientProfile(fields: PatientFields): Promise<{ id: string }> {
  const { data } = await apiRequest(patientProfileRoutes.create, 201, { body: fields });
  return data;
}

/** Creates a patient, then refreshes every patient list. */
export function useCreatePatientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatientProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patient-profiles', 'search'] }),
  });
}
