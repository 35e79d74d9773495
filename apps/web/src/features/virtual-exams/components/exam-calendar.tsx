import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Calendar, dateFnsLocalizer, Views } from 'react-big-calendar';
import type { View } from 'react-big-calendar';
import { addDays, format, getDay, parse, startOfDay, startOfHour, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import type { VirtualExam } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { paths } from '../../../config/paths.ts';
import { useCalendarVirtualExams } from '../../../lib/api/virtual-exams/search-virtual-exams.ts';
import { patientName } from '../../../lib/format-patient.ts';
import { CalendarEventPopover } from './calendar-event-popover.tsx';
import { ScheduleExamDialog } from './schedule-exam-dialog.tsx';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/** exams-and-devices §2.1, §9: 800 px high, 15-minute steps, 4 slots per step, week view by default. */
const calendarLayout = { height: 800, step: 15, timeslots: 4 } as const;

/** A day's column header as plain text: the library's own gives it role columnheader outside any row (axe). */
function DayHeader({ label }: { label: string }) {
  return <span>{label}</span>;
}
const components = { week: { header: DayHeader }, day: { header: DayHeader } };

type CalendarEvent = { id: string; title: string; start: Date; end: Date; exam: VirtualExam };

/**
 * §7.1: the visible range; when the calendar gives a list of days (week, day), one day is added
 * at the end so that the last day's exams are inside it.
 */
function rangeOf(range: Date[] | { start: Date; end: Date }): { start: Date; end: Date } {
  if (Array.isArray(range)) return { start: startOfDay(range[0]!), end: addDays(startOfDay(range.at(-1)!), 1) };
  return { start: range.start, end: range.end };
}

type ExamCalendarProps = { healthcareProviderId: string; organizationId: string };

/** /calendar: the provider's own virtual exams in a week (exams-and-devices §2.1). */
export function ExamCalendar({ healthcareProviderId, organizationId }: ExamCalendarProps) {
  const now = useMemo(() => new Date(), []);
  const [view, setView] = useState<View>(Views.WEEK);
  const [date, setDate] = useState(now);
  const [range, setRange] = useState(() => {
    const weekStart = startOfWeek(now);
    return { start: weekStart, end: addDays(weekStart, 7) };
  });
  const [selected, setSelected] = useState<{ exam: VirtualExam; anchor: HTMLElement } | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // The scrolling hours must be reachable from the keyboard (WCAG 2.1.1): a named, focusable region.
  useEffect(() => {
    const hours = frame.current?.querySelector('.rbc-time-content');
    if (!hours) return;
    hours.setAttribute('tabindex', '0');
    hours.setAttribute('role', 'region');
    hours.setAttribute('aria-label', 'Exam times');
  }, [view, date]);
  const query = useCalendarVirtualExams({
    healthcareProviderId,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
  });

  const events = useMemo<CalendarEvent[]>(
    () =>
      (query.data ?? [])
        .filter((exam) => exam.scheduledStartDate && exam.scheduledEndDate)
        .map((exam) => ({
          id: exam.id,
          title: exam.patientProfile ? patientName(exam.patientProfile) : 'Patient',
          start: new Date(exam.scheduledStartDate!),
          end: new Date(exam.scheduledEndDate!),
          exam,
        })),
    [query.data],
  );

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography variant="h4" component="h1">
          Virtual Exam Calendar
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" component={RouterLink} to={paths.liveExam.getHref()}>
            Start Virtual Exam
          </Button>
          <Button variant="contained" onClick={() => setScheduling(true)}>
            Schedule Virtual Exam
          </Button>
        </Stack>
      </Stack>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          An unexpected error occurred. Our team has been notified and is looking into it. Please try again later.
        </Alert>
      )}
      <Box
        ref={frame}
        sx={{
          // Exams have times, never whole days: the all-day row stays empty and is left out.
          '& .rbc-allday-cell': { display: 'none' },
          // An hour 96 px tall: a 15-minute exam is 24 px, enough for the patient's name.
          '& .rbc-timeslot-group': { minHeight: 96 },
          // The library's greys are lighter than WCAG AA on white; the theme's text colours replace them.
          '& .rbc-off-range, & .rbc-time-gutter, & .rbc-header, & .rbc-toolbar button': { color: 'text.primary' },
          '& .rbc-event': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          '& .rbc-toolbar-label': { fontWeight: 600 },
        }}
      >
        <Calendar<CalendarEvent>
          localizer={localizer}
          culture="en-US"
          events={events}
          view={view}
          views={[Views.WEEK, Views.DAY]}
          onView={setView}
          date={date}
          onNavigate={setDate}
          onRangeChange={(next) => setRange(rangeOf(next))}
          style={{ height: calendarLayout.height }}
          step={calendarLayout.step}
          timeslots={calendarLayout.timeslots}
          scrollToTime={startOfHour(now)}
          onSelectEvent={(event, e) => setSelected({ exam: event.exam, anchor: e.currentTarget as HTMLElement })}
          tooltipAccessor={(event) => event.title}
          components={components}
        />
      </Box>
      {selected && (
        <CalendarEventPopover exam={selected.exam} anchor={selected.anchor} onClose={() => setSelected(null)} />
      )}
      <ScheduleExamDialog
        open={scheduling}
        onClose={() => setScheduling(false)}
        healthcareProviderId={healthcareProviderId}
        organizationId={organizationId}
      />
    </Box>
  );
}
