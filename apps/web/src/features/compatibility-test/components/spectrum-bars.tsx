import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The floor and top of the display (dB re full scale): stethoscope signals sit around -60 … -10. */
const floorDb = -90;
const topDb = 0;

const formatHz = (hz: number) => (hz >= 1000 ? `${(hz / 1000).toFixed(1)} kHz` : `${Math.round(hz)} Hz`);

/** The engine's live band levels as bars, with a text summary for screen readers. */
export function SpectrumBars({
  bandsDb,
  lowHz,
  highHz,
}: {
  bandsDb: Float32Array | null;
  lowHz: number;
  highHz: number;
}) {
  const bands = bandsDb ? [...bandsDb] : [];
  const ratio = bands.length ? (highHz / lowHz) ** (1 / bands.length) : 1;
  const loudest = bands.length ? bands.indexOf(Math.max(...bands)) : -1;
  const summary =
    loudest >= 0 && bands[loudest]! > floorDb
      ? `Loudest around ${formatHz(lowHz * ratio ** (loudest + 0.5))}, ${Math.round(bands[loudest]!)} dB`
      : 'No signal';
  return (
    <Box>
      <Typography variant="body2" id="spectrum-label" sx={{ mb: 0.5, color: 'text.primary' }}>
        Spectrum ({formatHz(lowHz)} to {formatHz(highHz)})
      </Typography>
      <Box
        role="img"
        aria-labelledby="spectrum-label"
        aria-describedby="spectrum-summary"
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          gap: '2px',
          height: 120,
          maxWidth: 480,
          p: 1,
          bgcolor: 'grey.900',
          borderRadius: 1,
        }}
      >
        {bands.map((db, index) => (
          <Box
            key={index}
            sx={{
              flex: 1,
              bgcolor: 'success.light',
              height: `${Math.max(2, ((Math.min(topDb, Math.max(floorDb, db)) - floorDb) / (topDb - floorDb)) * 100)}%`,
            }}
          />
        ))}
      </Box>
      <Typography variant="caption" id="spectrum-summary" sx={{ display: 'block', mt: 0.5 }}>
        {summary}
      </Typography>
    </Box>
  );
}
