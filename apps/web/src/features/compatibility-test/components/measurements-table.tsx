import Box from '@mui/material/Box';
import type { BitrateReport, PreflightReport } from '@auscura/contracts';
import type { QualityScores } from '../utils/quality.ts';

/** The measured figures with their §9 scores: the average (what §9 grades) and the largest sample. */
export function MeasurementsTable({
  preflight,
  bitrate,
  scores,
}: {
  preflight: PreflightReport | null;
  bitrate: BitrateReport | null;
  scores: QualityScores;
}) {
  const rows = [
    ['Round-trip time', preflight?.stats.rtt, 'ms', scores.latency],
    ['Jitter', preflight?.stats.jitter, 'ms', scores.jitter],
    ['Packet loss', preflight?.stats.packetLoss, '%', scores.packetLoss],
    [
      'Bitrate',
      bitrate ? { average: bitrate.averageBitrate, max: Math.max(...bitrate.values) } : undefined,
      'kbps',
      scores.bitrate,
    ],
  ] as const;
  return (
    <Box
      component="table"
      sx={{ borderCollapse: 'collapse', '& td, & th': { py: 0.5, pr: 3, textAlign: 'left' }, color: 'text.primary' }}
    >
      <caption style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 8 }}>Measured against Auscura</caption>
      <thead>
        <tr>
          <th scope="col">Measure</th>
          <th scope="col">Average</th>
          <th scope="col">Maximum</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value, unit, score]) => (
          <tr key={name}>
            <th scope="row" style={{ fontWeight: 400 }}>
              {name}
            </th>
            <td>{value ? `${value.average} ${unit}` : 'not measured'}</td>
            <td>{value ? `${value.max} ${unit}` : '–'}</td>
            <td>{score ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
