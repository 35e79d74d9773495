import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Exam } from '@auscura/contracts';
import { getExamQueryOptions, useExam } from '../../../lib/api/exams/get-exam.ts';
import type { useAudioInputs } from '../../../hooks/use-audio-inputs.ts';
import { ageLine, patientName } from '../../../lib/format-patient.ts';
import { AuscultationWizard } from './auscultation-wizard.tsx';
import { DeviceWarnings } from './device-warnings.tsx';
import { InputSelect } from '../../../components/recording/input-select.tsx';
import { NotesField } from './notes-field.tsx';
import { PendingRecordings } from './pending-recordings.tsx';
import { RecordedAuscultations } from './recorded-auscultations.tsx';

/** The running exam: the patient, the wizard, the notes and what was recorded (exams-and-devices §2.9). */
export function ExamSession({ created, devices }: { created: Exam; devices: ReturnType<typeof useAudioInputs> }) {
  const queryClient = useQueryClient();
  const { data: exam = created } = useExam(created.id, { initial: created, followProcessing: false });
  const [sentCount, setSentCount] = useState(0);
  const patient = created.patientProfile;
  const patientProfileId = created.patientProfileId ?? '';
  const refresh = () => {
    setSentCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: getExamQueryOptions(created.id).queryKey });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h2">
            {patient ? patientName(patient, 'Patient') : 'Patient'}
          </Typography>
          <Typography color="text.secondary">{ageLine(patient?.birthdate ?? null)}</Typography>
        </Box>
        <InputSelect inputs={devices.inputs} value={devices.deviceId} onChange={devices.choose} />
      </Box>
      <DeviceWarnings detected={devices.detected} disconnected={devices.disconnected} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <AuscultationWizard
          examId={created.id}
          patientProfileId={patientProfileId}
          deviceId={devices.disconnected ? null : devices.deviceId}
          onSaved={refresh}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <NotesField examId={created.id} initial={created.notes ?? ''} />
          <PendingRecordings patientProfileId={patientProfileId} refreshKey={sentCount} onSent={refresh} />
          <RecordedAuscultations examId={created.id} auscultations={exam.auscultations ?? []} />
        </Box>
      </Box>
    </Box>
  );
}
