import InPersonExamDialog from '../../../features/in-person-exam/components/in-person-exam-dialog.tsx';

type Props = { patientProfileId: string; healthcareProviderId: string; onClose: () => void };

/**
 * The In-Person Exam dialog with the app's notices handed in. A default export, loaded lazily:
 * neither the dialog nor the notices' code joins the first screen.
 */
export default function InPersonExamDialogRoute(props: Props) {
  return <InPersonExamDialog {...props} />;
}
