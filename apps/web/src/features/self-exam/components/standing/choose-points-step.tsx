import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { siteName, siteOf } from '@auscura/contracts';
import type { SelfExamLinkSession, SelfExamSession } from '@auscura/contracts';
import { useStartSelfExam } from '../../../../lib/api/self-exam-links/start-self-exam.ts';
import { refusal } from '../access-code-form.tsx';
import { UnfinishedNotice } from './unfinished-notice.tsx';

const groups = [
  { id: 'heart', title: 'Heart', prefix: 'h' },
  { id: 'lungs', title: 'Lungs', prefix: 'l' },
] as const;

const sessionEnded = 'Your session has ended. Reload the page and enter your code again.';

/** One point as a large, fully clickable choice: its name and where it is. */
function PointChoice({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <FormControlLabel
      sx={{
        m: 0,
        p: 1,
        pr: 2,
        minHeight: 56,
        alignItems: 'flex-start',
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: (theme) => (checked ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper),
      }}
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} sx={{ mt: -0.5 }} />}
      label={
        <Box sx={{ pt: 0.5 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {siteName(label)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {siteOf(label)?.patientPlacement}
          </Typography>
        </Box>
      }
    />
  );
}

/** After the link's code: what to record this time (at least one point), or finishing an earlier self exam. */
export function ChoosePointsStep({
  link,
  onStarted,
}: {
  link: SelfExamLinkSession;
  onStarted: (session: SelfExamSession) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const start = useStartSelfExam(link.selfExamLinkId, link.token);
  const who = link.providerName ? `${link.providerName} (${link.organizationName})` : link.organizationName;

  const toggle = (label: string, on: boolean) => {
    setMissing(false);
    setChosen((current) =>
      on
        ? link.auscultationPoints.filter((point) => point === label || current.includes(point))
        : current.filter((point) => point !== label),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    start.mutate({ auscultationPoints: chosen }, { onSuccess: (session) => onStarted(session) });
  };
  const failure =
    start.error && (start.error as { status?: number }).status === 401
      ? sessionEnded
      : start.error && refusal(start.error);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        Choose what to record
      </Typography>
      <Typography>Your recordings go to {who}.</Typography>
      {link.instructions && (
        <Box component="section" aria-labelledby="link-note-title">
          <Typography variant="h6" component="h2" id="link-note-title">
            Instructions from your clinician
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{link.instructions}</Typography>
        </Box>
      )}
      {link.unfinished && <UnfinishedNotice session={link.unfinished} onFinish={() => onStarted(link.unfinished!)} />}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Typography>
          {link.unfinished ? 'Or start a new self exam: choose' : 'Choose'} each place you want to record today. You
          record them one after the other; each takes up to 60 seconds.
        </Typography>
        {groups.map((group) => (
          <Box
            key={group.id}
            component="fieldset"
            aria-describedby={missing ? 'choose-points-error' : undefined}
            sx={{ border: 0, m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
              {group.title}
            </Typography>
            {link.auscultationPoints
              .filter((label) => label.startsWith(group.prefix))
              .map((label) => (
                <PointChoice
                  key={label}
                  label={label}
                  checked={chosen.includes(label)}
                  onChange={(on) => toggle(label, on)}
                />
              ))}
          </Box>
        ))}
        {missing && (
          <Alert severity="error" role="alert" id="choose-points-error">
            Choose at least one place to record.
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={start.isPending}>
          {start.isPending
            ? 'Starting…'
            : chosen.length > 0
              ? `Continue with ${chosen.length} ${chosen.length === 1 ? 'place' : 'places'}`
              : 'Continue'}
        </Button>
      </Box>
      <Typography color="text.secondary">The link and code in your email work again for later self exams.</Typography>
    </Box>
  );
}
