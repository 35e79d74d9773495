import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ServiceComponent } from '@auscura/contracts';

const words: Record<ServiceComponent['status'], string> = {
  operational: 'Operational',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  unknown: 'Unknown',
};

/** The status page's components (§3) as a small table. */
export function ServiceStatusList({
  components,
  loading,
}: {
  components: ServiceComponent[] | null;
  loading: boolean;
}) {
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ color: 'text.primary', mb: 1 }}>
        Auscura services
      </Typography>
      {loading && <p>Checking the services…</p>}
      {!loading && !components && <p>The service status could not be read.</p>}
      {components && (
        <Box component="table" sx={{ borderCollapse: 'collapse', '& td, & th': { py: 0.5, pr: 3, textAlign: 'left' } }}>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {components.map((component) => (
              <tr key={component.name}>
                <td>{component.name}</td>
                <Box component="td" sx={{ color: component.status === 'operational' ? 'success.dark' : 'error.main' }}>
                  {words[component.status]}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Box>
  );
}
