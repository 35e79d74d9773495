import { createContext, useContext } from 'react';

/**
 * Row actions that open dialogs of other features. The route that composes the screen provides
 * them (features are islands); an action left out is not offered in the row's menu.
 */
type PatientRowActions = { startInPersonExam?: (patientProfileId: string) => void };

export const PatientRowActionsContext = createContext<PatientRowActions>({});

export function usePatientRowActions(): PatientRowActions {
  return useContext(PatientRowActionsContext);
}
