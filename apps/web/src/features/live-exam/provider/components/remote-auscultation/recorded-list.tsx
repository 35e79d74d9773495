import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { pointName } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { useExam } from '../../../../../lib/api/exams/get-exam.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The exam's recordings in the side panel, newest first; the one just recorded is expanded (§4:
 * "the auscultation is added at the top of the list, shown expanded").
 */
export function RecordedList(props: {
  examId: string | null;
  newest: string | null;
  renderAuscultation: (auscultation: Auscultation) => ReactNode;
}) {
  if (!props.examId) {
    return (
      <Typography variant="body2" color="text.secondary">
        The exam’s record is being created…
      </Typography>
    );
  }
  return <RecordedItems {...props} examId={props.examId} />;
}

function RecordedItems(props: {
  examId: string;
  newest: string | null;
  renderAuscultation: (auscultation: Auscultation) => ReactNode;
}) {
  const exam = useExam(props.examId);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  // Scrolled to once per new recording, not on every render.
  const shown = useRef<string | null>(null);
  const bringIntoView = (node: HTMLDivElement | null) => {
    if (!node || shown.current === props.newest) return;
    shown.current = props.newest;
    node.scrollIntoView({ block: 'nearest' });
  };
  useEffect(() => {
    if (props.newest) setExpanded((open) => new Set(open).add(props.newest!));
  }, [props.newest]);
  const auscultations = [...(exam.data?.auscultations ?? [])].sort((a, b) =>
    b.dateCreated.localeCompare(a.dateCreated),
  );
  return (
    <Stack spacing={1} component="section" aria-labelledby="recorded-remote-title">
      <Typography variant="subtitle1" component="h3" id="recorded-remote-title" sx={{ fontWeight: 600 }}>
        Recorded auscultations
      </Typography>
      {auscultations.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {exam.isLoading ? 'Loading…' : 'Nothing recorded yet.'}
        </Typography>
      ) : (
        auscultations.map((auscultation) => {
          const name = pointName(auscultation.auscultationPoint);
          const open = expanded.has(auscultation.id);
          return (
            <Accordion
              key={auscultation.id}
              disableGutters
              expanded={open}
              onChange={(_, next) =>
                setExpanded((current) => {
                  const copy = new Set(current);
                  if (next) copy.add(auscultation.id);
                  else copy.delete(auscultation.id);
                  return copy;
                })
              }
              slotProps={{ transition: { unmountOnExit: true } }}
              // The one just recorded comes into view in the scrolling panel.
              ref={auscultation.id === props.newest ? bringIntoView : undefined}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography>
                  {name} · {time(auscultation.dateCreated)}
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ p: 1 }}>{props.renderAuscultation(auscultation)}</AccordionDetails>
            </Accordion>
          );
        })
      )}
    </Stack>
  );
}
