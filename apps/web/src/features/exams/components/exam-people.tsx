import Typography from '@mui/material/Typography';
import type { Exam } from '@auscura/contracts';
import { providerName } from '../../../lib/format.ts';

/**
 * Who conducted the exam, and the patient's primary doctor when that is someone else
 * (clinician-portal §2.12). The primary doctor comes with the patient profile the exam loads.
 */
export function ExamPeople({ exam }: { exam: Exam }) {
  const primary = exam.patientProfile?.healthcareProvider;
  const showPrimary = primary && primary.id !== exam.healthcareProviderId;
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 16, rowGap: 4 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        Conducted by
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {providerName(exam.healthcareProvider)}
      </Typography>
      {showPrimary && (
        <>
          <Typography component="dt" variant="body2" color="text.secondary">
            Primary doctor
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {providerName(primary)}
          </Typography>
        </>
      )}
    </dl>
  );
}
