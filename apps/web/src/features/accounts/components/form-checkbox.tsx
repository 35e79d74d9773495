import { useId } from 'react';
import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

type FormCheckboxProps<T extends FieldValues> = { control: Control<T>; name: Path<T>; label: ReactNode };

/** A checkbox that must be ticked; its error is tied to the box so a screen reader reads it with the label. */
export function FormCheckbox<T extends FieldValues>({ control, name, label }: FormCheckboxProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const error = fieldState.error?.message;
  return (
    <FormControl error={!!error}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={!!field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': !!error,
                'aria-describedby': error ? errorId : undefined,
              } as object,
            }}
          />
        }
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
