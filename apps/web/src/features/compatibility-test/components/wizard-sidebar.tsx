import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Logo } from '../../../components/layout/logo.tsx';
import { panes, paneTitles } from '../utils/transitions.ts';
import type { Pane, WizardFacts } from '../utils/transitions.ts';

/** exams-and-devices §9: the compatibility sidebar is 232 px wide. */
const sidebarWidth = 232;

/** The panes on this visitor's way: the error panes only when they apply, the stethoscope's only when tested. */
function visiblePanes(facts: WizardFacts): Pane[] {
  return panes.filter((pane) => {
    if (pane === 'deviceError') return facts.deviceError;
    if (pane === 'stethoscopeConnectionError') return !facts.stethoscopeSkipped && facts.stethoscopeConnectionError;
    if (pane === 'stethoscopeConnection' || pane === 'stethoscopeTest') return !facts.stethoscopeSkipped;
    return true;
  });
}

/** The steps, the current one marked; reached steps are ticked. Moving is the wizard's buttons' job (§4 rules). */
export function WizardSidebar({ pane, facts }: { pane: Pane; facts: WizardFacts }) {
  const steps = visiblePanes(facts);
  const current = panes.indexOf(pane);
  return (
    <Box
      component="nav"
      aria-label="Compatibility test steps"
      sx={{
        width: sidebarWidth,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        p: 3,
        display: { xs: 'none', md: 'block' },
      }}
    >
      <Logo height={28} />
      <Typography variant="overline" component="p" sx={{ mt: 4, mb: 1, color: 'text.secondary' }}>
        Compatibility test
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {steps.map((step) => {
          const isCurrent = step === pane;
          const done = panes.indexOf(step) < current;
          return (
            <Box
              component="li"
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                py: 0.75,
                borderRadius: 1,
                fontWeight: isCurrent ? 700 : 400,
                bgcolor: isCurrent ? 'action.selected' : 'transparent',
                color: isCurrent ? 'text.primary' : 'text.secondary',
              }}
            >
              {done ? (
                <CheckCircleIcon fontSize="small" color="success" titleAccess="Done" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              )}
              {paneTitles[step]}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
