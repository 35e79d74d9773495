import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PatientProfile } from '@auscura/contracts';
import { useSearchPatientProfiles } from '../../lib/api/patient-profiles/search-patient-profiles.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { formatBirthdate, patientName } from '../../lib/format-patient.ts';

type PatientAutocompleteProps = {
  organizationId: string;
  value: PatientProfile | null;
  onChange: (patient: PatientProfile | null) => void;
  error?: string;
  label?: string;
  autoFocus?: boolean;
};

/**
 * The patient choice of the lobby and the scheduling dialog (exams-and-devices §2.3, §6): the
 * organization's patients matching what is typed, by name or email.
 */
export function PatientAutocomplete({
  organizationId,
  value,
  onChange,
  error,
  label = 'Patient',
  autoFocus,
}: PatientAutocompleteProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const query = useSearchPatientProfiles({ organizationId, search, pageNumber: 1 });
  const options = query.data?.items ?? [];
  return (
    <Autocomplete
      options={value && !options.some((p) => p.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, patient) => onChange(patient)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      getOptionLabel={(patient) => patientName(patient)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={query.isFetching}
      noOptionsText="No matching patients"
      renderOption={(props, patient) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {patientName(patient)} · {formatBirthdate(patient.birthdate)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          autoFocus={autoFocus}
          placeholder="Start typing to get a list of possible matches"
          error={!!error}
          helperText={error}
          // The placeholder is the hint of §2.3: shown from the start, not only once focused.
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
