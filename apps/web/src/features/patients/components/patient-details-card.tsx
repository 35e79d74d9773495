import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PatientProfile } from '@auscura/contracts';
import { formatDate, providerName } from '../../../lib/format.ts';
import { birthdateWithAge, patientName, sexLabel } from '../../../lib/format-patient.ts';
import { UpdateProfileButton } from './patient-detail-actions.tsx';

/** clinician-portal §9: the patient detail card is 250 px wide. */
const patientCardWidth = 250;

/** The left card of the patient detail screen (clinician-portal §2.9), with its 'Update profile' button. */
export function PatientDetailsCard({ patient }: { patient: PatientProfile }) {
  const fields = [
    { label: 'Name', value: patientName(patient) },
    { label: 'Date of birth', value: birthdateWithAge(patient.birthdate) },
    { label: 'Sex', value: sexLabel(patient.sex) },
    { label: 'Email', value: patient.emailAddress ?? '—' },
    { label: 'Profile created', value: formatDate(patient.dateCreated) },
    { label: 'Primary doctor', value: providerName(patient.healthcareProvider) },
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="patient-details-title"
      sx={{ width: patientCardWidth, flexShrink: 0, p: 3, alignSelf: 'flex-start' }}
    >
      <Typography variant="h6" component="h2" id="patient-details-title" sx={{ mb: 2 }}>
        Patient Details
      </Typography>
      <dl style={{ margin: 0 }}>
        {fields.map((field) => (
          <div key={field.label} style={{ marginBottom: 12 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.value}
            </Typography>
          </div>
        ))}
      </dl>
      {!patient.masked && <UpdateProfileButton patient={patient} />}
    </Paper>
  );
}
