import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientProfileRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import type { PatientProfileFields } from '@auscura/contracts';
import { patientProfileKeys } from './keys.ts';

/** The server stamps the caller's organization and provider (exams-and-devices §6). */
export async function createPatientProfile(fields: PatientProfileFields): Promise<{ id: string }> {
  const { data } = await apiRequest(patientProfileRoutes.create, 201, { body: fields });
  return data;
}

/** Creates a patient, then refreshes every patient list. */
export function useCreatePatientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatientProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientProfileKeys.searches }),
  });
}
