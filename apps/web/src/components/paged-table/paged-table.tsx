import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../layout/visually-hidden.ts';
import { TablePager } from './table-pager.tsx';

export type PagedTableColumn<Row> = {
  id: string;
  header: ReactNode;
  /** Visible header text is optional (an actions column); the label names the column for screen readers. */
  label?: string;
  align?: 'left' | 'right';
  /** A fixed share of the table width, so columns do not jump between pages and searches. */
  width?: string;
  render: (row: Row) => ReactNode;
};

export type PagedTableProps<Row> = {
  title: string;
  titleId: string;
  toolbar?: ReactNode;
  columns: PagedTableColumn<Row>[];
  rows: Row[];
  getRowId: (row: Row) => string;
  totalCount: number;
  /** 1-based, as in the `p` query parameter. */
  pageNumber: number;
  pageSize: number;
  onPageChange: (pageNumber: number) => void;
  loading: boolean;
  /** Shown in the body instead of rows (empty search result, load failure). */
  message?: ReactNode;
};

/** A titled, paged list with an optional search toolbar; server-side paging, so it renders one page. */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { title, titleId, toolbar, columns, rows, getRowId, totalCount, pageNumber, pageSize, loading, message } =
    props;
  const showRows = !message && rows.length > 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: 3, py: 2 }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ flex: 1 }}>
          {title}
        </Typography>
        {loading && <CircularProgress size={20} aria-label="Loading" />}
        {toolbar}
      </Box>
      <TableContainer>
        <Table aria-labelledby={titleId} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={{ width: column.width }}>
                  {column.header}
                  {column.label && <span style={visuallyHidden}>{column.label}</span>}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {showRows ? (
              rows.map((row) => (
                <TableRow key={getRowId(row)} hover>
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {message ?? (loading ? 'Loading…' : null)}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {totalCount > 0 && (
        <TablePager
          label={title}
          pageNumber={pageNumber}
          pageSize={pageSize}
          totalCount={totalCount}
          onPageChange={props.onPageChange}
        />
      )}
    </Paper>
  );
}
