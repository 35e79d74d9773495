import { useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { auscultationSites, siteName, siteOf } from '@auscura/contracts';
import type { AuscultationPoint, SitePosition } from '@auscura/contracts';

type TorsoMode = 'heart' | 'lungs' | 'none';
type View = SitePosition['view'];

const modes: Array<{ value: TorsoMode; label: string }> = [
  { value: 'heart', label: 'Heart' },
  { value: 'lungs', label: 'Lungs' },
  { value: 'none', label: 'None' },
];

const viewCaptions: Record<View, string> = { front: 'Front', back: 'Back' };

function initialMode(point: AuscultationPoint): TorsoMode {
  if (point.type === 'heart') return 'heart';
  if (point.type === 'lungs') return 'lungs';
  return 'none';
}

/** One view of the torso (front: as someone facing the patient sees it; back: as someone behind). */
function TorsoView(props: { view: View; mode: TorsoMode; ownLabel: string; scale: number; name: string }) {
  const theme = useTheme();
  const { view, mode, ownLabel } = props;
  // Each point where the table puts it (contracts/auscultation-sites.ts, the one source).
  const shown = auscultationSites.flatMap(({ label, type, position }) =>
    position?.view === view && (mode === 'none' ? label === ownLabel : type === mode) ? [{ label, position }] : [],
  );
  const ownHere = siteOf(ownLabel)?.position?.view === view;
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center' }}>
      <svg
        viewBox="0 0 120 140"
        width={120 * props.scale}
        height={140 * props.scale}
        role="img"
        aria-label={`Torso diagram, ${view}${ownHere ? `, ${props.name} marked` : ''}`}
      >
        <path
          d="M30 20 Q60 8 90 20 L104 34 Q108 80 98 132 L22 132 Q12 80 16 34 Z"
          fill={theme.palette.grey[100]}
          stroke={theme.palette.grey[500]}
        />
        {view === 'front' ? (
          // The breastbone.
          <path d="M60 28 L60 96" stroke={theme.palette.grey[400]} strokeDasharray="3 3" />
        ) : (
          <>
            {/* The spine and the shoulder blades. */}
            <path d="M60 22 L60 128" stroke={theme.palette.grey[400]} strokeDasharray="3 3" />
            <path d="M34 36 L52 40 L48 74 Z" fill="none" stroke={theme.palette.grey[400]} />
            <path d="M86 36 L68 40 L72 74 Z" fill="none" stroke={theme.palette.grey[400]} />
          </>
        )}
        {mode === 'heart' && view === 'front' && (
          <ellipse cx={66} cy={72} rx={16} ry={14} fill={theme.palette.error.light} opacity={0.25} />
        )}
        {mode === 'lungs' && (
          <>
            <ellipse cx={40} cy={68} rx={16} ry={34} fill={theme.palette.info.light} opacity={0.25} />
            <ellipse cx={80} cy={68} rx={16} ry={34} fill={theme.palette.info.light} opacity={0.25} />
          </>
        )}
        {shown.map(({ label, position }) => {
          const own = label === ownLabel;
          const r = own ? 6 : 4;
          // Labels sit outward from the midline, so h1's does not run into h2's marker.
          const left = position.x < 60;
          return (
            <g key={label}>
              <circle
                cx={position.x}
                cy={position.y}
                r={r}
                fill={own ? theme.palette.primary.main : theme.palette.common.white}
                stroke={theme.palette.primary.dark}
              />
              <text
                x={left ? position.x - r - 2 : position.x + r + 2}
                y={position.y + 3}
                textAnchor={left ? 'end' : 'start'}
                fontSize={7}
                fill={theme.palette.text.primary}
              >
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      <Typography variant="caption" color="text.secondary" aria-hidden="true">
        {viewCaptions[view]}
      </Typography>
    </Box>
  );
}

/**
 * The torso with the mode's points and the auscultation's own point marked (§2.13), front and back
 * where the points are on both (the lower lobes are heard from the back). Shared by the exam page and
 * the patient's self exam, which shows it larger (`scale`), without the modes, and only the view the
 * point is on.
 */
export function TorsoDiagram({
  point,
  showModes = true,
  scale = 1,
}: {
  point: AuscultationPoint;
  showModes?: boolean;
  scale?: number;
}) {
  const [mode, setMode] = useState<TorsoMode>(() => initialMode(point));
  const name = siteOf(point.label) ? siteName(point.label) : (point.longLabel ?? point.label);
  const ownView = siteOf(point.label)?.position?.view ?? 'front';
  // Every view that has a point to show in this mode, and always the view of the point itself.
  const views = (['front', 'back'] as const).filter(
    (view) =>
      view === ownView ||
      (showModes &&
        mode !== 'none' &&
        auscultationSites.some((site) => site.type === mode && site.position?.view === view)),
  );
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center', alignContent: 'start', alignSelf: 'start' }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {views.map((view) => (
          <TorsoView key={view} view={view} mode={mode} ownLabel={point.label} scale={scale} name={name} />
        ))}
      </Box>
      {showModes && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          aria-label={`Torso diagram mode, ${name}`}
          onChange={(_event, value: TorsoMode | null) => value && setMode(value)}
        >
          {modes.map((m) => (
            <ToggleButton key={m.value} value={m.value} sx={{ px: 1, py: 0.25 }}>
              {m.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Box>
  );
}
