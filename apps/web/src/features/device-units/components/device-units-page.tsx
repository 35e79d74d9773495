import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { builtFeatures } from '../../../config/built-features.ts';
import { paths } from '../../../config/paths.ts';
import { useDeviceUnits } from '../../../lib/api/devices/get-device-units.ts';

const kinds = { stethoscope: 'Stethoscope', 'usb-microphone': 'USB microphone input' } as const;

/**
 * /ems-log (clinician-portal §2.1; its screen is not in the spec): the stethoscopes and USB inputs
 * Auscura recognizes, from GET /ems/log, the list every stethoscope detection uses.
 */
export function DeviceUnitsPage() {
  const units = useDeviceUnits();
  return (
    <PublicLayout>
      <Box sx={{ maxWidth: 720 }}>
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          Supported stethoscopes
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Auscura recognizes a stethoscope by the name its input gives the computer. An input whose name contains one of
          these is selected as the stethoscope in exams; any other input can still be chosen by hand.
        </Typography>
        {units.isPending && <CircularProgress aria-label="Loading the supported devices" />}
        {units.isError && <Alert severity="error">{listLoadFailedText}</Alert>}
        {units.data && (
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& th, & td': { textAlign: 'left', py: 1, pr: 2, verticalAlign: 'top' },
              '& tbody tr': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Input name contains</th>
                <th scope="col">Kind</th>
              </tr>
            </thead>
            <tbody>
              {units.data.map((unit) => (
                <tr key={unit.id}>
                  <td>
                    <strong>{unit.name}</strong>
                    <Typography variant="body2" color="text.secondary">
                      {unit.description}
                    </Typography>
                  </td>
                  <td>
                    <code>{unit.labelPattern}</code>
                  </td>
                  <td>{kinds[unit.kind]}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        )}
        {builtFeatures.compatibilityTest && (
          <Typography sx={{ mt: 3 }}>
            To check your stethoscope before a live exam, run the{' '}
            <Link component={RouterLink} to={paths.compatibilityTest.getHref()}>
              compatibility test
            </Link>
            .
          </Typography>
        )}
      </Box>
    </PublicLayout>
  );
}
