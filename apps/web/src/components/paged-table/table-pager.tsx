import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NextIcon from '@mui/icons-material/KeyboardArrowRight';
import PreviousIcon from '@mui/icons-material/KeyboardArrowLeft';

type TablePagerProps = {
  /** 1-based. */
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (pageNumber: number) => void;
  /** Names the list the buttons page through, for screen readers. */
  label: string;
};

/**
 * Page controls for a fixed page size. Written here rather than MUI's TablePagination, which
 * always bundles the rows-per-page Select (and with it Menu, Popover and Popper) that a
 * fixed size of 10 never shows: that weight counted against the first-load budget.
 */
export function TablePager({ pageNumber, pageSize, totalCount, onPageChange, label }: TablePagerProps) {
  const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
  const from = totalCount === 0 ? 0 : (pageNumber - 1) * pageSize + 1;
  const to = Math.min(totalCount, pageNumber * pageSize);
  const buttons = [
    { label: 'Go to first page', page: 1, disabled: pageNumber <= 1, icon: <FirstPageIcon /> },
    { label: 'Go to previous page', page: pageNumber - 1, disabled: pageNumber <= 1, icon: <PreviousIcon /> },
    { label: 'Go to next page', page: pageNumber + 1, disabled: pageNumber >= lastPage, icon: <NextIcon /> },
    { label: 'Go to last page', page: lastPage, disabled: pageNumber >= lastPage, icon: <LastPageIcon /> },
  ];
  return (
    <Box
      component="nav"
      aria-label={`${label} pages`}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 1 }}>
        {from}–{to} of {totalCount}
      </Typography>
      {buttons.map((button) => (
        <IconButton
          key={button.label}
          aria-label={button.label}
          disabled={button.disabled}
          onClick={() => onPageChange(button.page)}
          size="small"
        >
          {button.icon}
        </IconButton>
      ))}
    </Box>
  );
}
