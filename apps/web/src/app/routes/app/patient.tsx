import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { NotFoundContent } from '../../../components/errors/not-found-page.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { ExamHistory } from '../../../features/exams/components/exam-history.tsx';
import { usePatientProfile } from '../../../lib/api/patient-profiles/get-patient-profile.ts';
import { PatientDetailsCard } from '../../../features/patients/components/patient-details-card.tsx';
import {
  CreateSelfExamButton,
  StandingSelfExamLinkButton,
} from '../../../features/patients/components/patient-detail-actions.tsx';
import { patientName } from '../../../lib/format-patient.ts';
import { isMissingRecord } from '../../../lib/is-missing-record.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useInPersonExam } from './use-in-person-exam.tsx';

/** /patients/:patientProfileId: the patient's card beside their exam history (clinician-portal §2.9). */
export default function PatientRoute() {
  const { patientProfileId = '' } = useParams();
  const query = usePatientProfile(patientProfileId);
  const healthcareProviderId = useCurrentUser()?.healthcareProviderId;
  const inPersonExam = useInPersonExam();
  const startInPersonExam = inPersonExam.start;
  if (query.isPending) return <PageSpinner label="Loading patient…" />;
  if (query.isError) {
    return isMissingRecord(query.error) ? <NotFoundContent /> : <Alert severity="error">{listLoadFailedText}</Alert>;
  }
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {patientName(query.data)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <PatientDetailsCard patient={query.data} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ExamHistory
            patientProfileId={query.data.id}
            actions={
              // Four actions: on narrower screens they wrap onto a second line instead of squeezing their labels.
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                {healthcareProviderId && (
                  <CreateSelfExamButton patient={query.data} healthcareProviderId={healthcareProviderId} />
                )}
                <StandingSelfExamLinkButton patient={query.data} />
                <Button
                  variant="contained"
                  size="small"
                  component={RouterLink}
                  to={paths.liveExam.getHref()}
                  state={{ patientProfileId: query.data.id }}
                >
                  Start Virtual Exam
                </Button>
                {startInPersonExam && (
                  <Button variant="contained" size="small" onClick={() => startInPersonExam(query.data.id)}>
                    Start In-Person Exam
                  </Button>
                )}
              </Stack>
            }
          />
        </Box>
      </Box>
      {inPersonExam.dialog}
    </Box>
  );
}
