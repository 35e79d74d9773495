import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import SearchIcon from '@mui/icons-material/Search';

type TableSearchFieldProps = { value: string; onChange: (value: string) => void; placeholder: string; label: string };

/**
 * The search box above a list; Escape clears it (clinician-portal §2.8). OutlinedInput rather
 * than TextField: TextField always bundles Select, which a search box never uses.
 */
export function TableSearchField({ value, onChange, placeholder, label }: TableSearchFieldProps) {
  return (
    <OutlinedInput
      type="search"
      size="small"
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // Chromium also clears type=search on Escape natively; handling it here keeps React state in step.
          event.preventDefault();
          onChange('');
        }
      }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      inputProps={{ 'aria-label': label }}
      sx={{ width: { xs: '100%', sm: 340 } }}
    />
  );
}
