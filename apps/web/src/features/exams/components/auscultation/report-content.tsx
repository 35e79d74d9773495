import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Auscultation } from '@auscura/contracts';
import { renderMarkdown } from '../../utils/markdown.tsx';

type Report = NonNullable<Auscultation['beatawareReport']>;

/** The report's markdown, rendered as elements (never as HTML), with headings below `headingLevel`. */
export function ReportMarkdown({ markdown, headingLevel }: { markdown: string; headingLevel: number }) {
  return (
    <Box
      sx={{
        '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: '1rem', fontWeight: 600, my: 1 },
        '& p, & ul, & ol': { my: 0.75 },
        '& table': { borderCollapse: 'collapse', my: 1 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
      }}
    >
      {renderMarkdown(markdown, headingLevel)}
    </Box>
  );
}

/** The per-segment statistics: one row per segment, one column per key found in any of them. */
export function ReportStatistics({ statistics, caption }: { statistics: Report['statistics']; caption: string }) {
  if (statistics.length === 0) return <Typography color="text.secondary">No segment statistics.</Typography>;
  const keys = [...new Set(statistics.flatMap((row) => Object.keys(row)))];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            {keys.map((key) => (
              <TableCell key={key}>{key}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {statistics.map((row, index) => (
            <TableRow key={index}>
              <TableCell>{index + 1}</TableCell>
              {keys.map((key) => {
                const value = row[key];
                return <TableCell key={key}>{value === null || value === undefined ? '—' : String(value)}</TableCell>;
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
