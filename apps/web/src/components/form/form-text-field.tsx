import { useState } from 'react';
import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Shown under the field while it has no error; the error message takes its place. */
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Marks the field required (an asterisk, aria-required); the schema still decides what is valid. */
  required?: boolean;
};

/**
 * A labelled text field bound to react-hook-form. MUI ties the helper text to the input with
 * aria-describedby, so the error is read with the field; the form focuses the first invalid field.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  autoFocus,
  disabled,
  required,
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;

  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={isPassword && visible ? 'text' : type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      required={required}
      fullWidth
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? hint}
      slotProps={{
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={toggleLabel}
                    aria-pressed={visible}
                    onClick={() => setVisible((shown) => !shown)}
                    edge="end"
                  >
                    {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
