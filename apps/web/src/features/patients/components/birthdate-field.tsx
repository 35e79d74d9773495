import { useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarIcon from '@mui/icons-material/EventOutlined';
import { birthdateRange } from '@auscura/contracts';
import { useController } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { localIsoDate, maskUsDate, parseUsDate, toUsDate } from '../utils/patient-form.ts';
import type { PatientFormInput } from '../utils/patient-form.ts';

/** exams-and-devices §5: with no date yet, the calendar opens on 1960. */
const defaultViewDate = '1960-01-01';

/**
 * The date of birth as a typed mm/dd/yyyy text field (slashes added while typing), plus a
 * calendar button that opens the browser's own date picker, limited to 01/01/1900 – today.
 * @mui/x-date-pickers is not a dependency; a labelled text input is what screen readers and
 * keyboards handle best, and the native picker is an extra for pointer users.
 */
export function BirthdateField({ control }: { control: Control<PatientFormInput> }) {
  const { field, fieldState } = useController({ control, name: 'birthdate' });
  const picker = useRef<HTMLInputElement>(null);
  const value = field.value ?? '';

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = parseUsDate(value) ?? defaultViewDate;
    try {
      input.showPicker();
    } catch {
      // showPicker is refused without a user gesture or in a cross-origin frame; typing still works.
      input.focus();
    }
  };

  return (
    <TextField
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(maskUsDate(event.target.value, value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label="Date of birth"
      placeholder="mm/dd/yyyy"
      autoComplete="off"
      fullWidth
      required
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? 'mm/dd/yyyy'}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton aria-label="Choose date of birth from a calendar" onClick={openPicker} edge="end">
                <CalendarIcon />
              </IconButton>
              {/* The native picker anchors to this input: invisible, out of the tab order and the accessibility tree. */}
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                min={birthdateRange.min}
                max={localIsoDate()}
                defaultValue={defaultViewDate}
                onChange={(event) => {
                  if (event.target.value) field.onChange(toUsDate(event.target.value));
                }}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
