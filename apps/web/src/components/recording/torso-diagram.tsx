import { useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import type { AuscultationPoint } from '@auscura/contracts';

export type TorsoMode = 'heart' | 'lungs' | 'none';

/**
 * Point positions on a 120 × 140 front view. Heart: the classic sites — aortic (2nd right
 * intercostal space), pulmonic (2nd left), Erb's point (3rd left), tricuspid (4th left sternal
 * border), mitral (5th left, midclavicular). Lungs: upper, middle and lower anterior fields.
 */
const pointPositions: Record<string, [number, number]> = {
  h1: [52, 52],
  h2: [68, 52],
  h3: [70, 62],
  h4: [66, 74],
  h5: [80, 84],
  l1: [42, 40],
  l2: [78, 40],
  l3: [38, 72],
  l4: [82, 72],
  l5: [60, 100],
};

const modes: Array<{ value: TorsoMode; label: string }> = [
  { value: 'heart', label: 'Heart' },
  { value: 'lungs', label: 'Lungs' },
  { value: 'none', label: 'None' },
];

function initialMode(point: AuscultationPoint): TorsoMode {
  if (point.type === 'heart') return 'heart';
  if (point.type === 'lungs') return 'lungs';
  return 'none';
}

/**
 * The torso with the mode's points and the auscultation's own point marked (§2.13). Shared by the
 * exam page and the patient's self exam, which shows it larger (`scale`) and without the modes.
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
  const theme = useTheme();
  const [mode, setMode] = useState<TorsoMode>(() => initialMode(point));
  const prefix = mode === 'heart' ? 'h' : mode === 'lungs' ? 'l' : null;
  // None leaves out the organ and the other points but still marks where this recording was taken.
  const shown = Object.entries(pointPositions).filter(([label]) =>
    prefix ? label.startsWith(prefix) : label === point.label,
  );
  const name = point.longLabel ?? point.label;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center', alignContent: 'start', alignSelf: 'start' }}>
      <svg
        viewBox="0 0 120 140"
        width={120 * scale}
        height={140 * scale}
        role="img"
        aria-label={`Torso diagram, ${name} marked`}
      >
        <path
          d="M30 20 Q60 8 90 20 L104 34 Q108 80 98 132 L22 132 Q12 80 16 34 Z"
          fill={theme.palette.grey[100]}
          stroke={theme.palette.grey[500]}
        />
        <path d="M60 28 L60 96" stroke={theme.palette.grey[400]} strokeDasharray="3 3" />
        {mode === 'heart' && (
          <ellipse cx={66} cy={72} rx={16} ry={14} fill={theme.palette.error.light} opacity={0.25} />
        )}
        {mode === 'lungs' && (
          <>
            <ellipse cx={40} cy={68} rx={16} ry={34} fill={theme.palette.info.light} opacity={0.25} />
            <ellipse cx={80} cy={68} rx={16} ry={34} fill={theme.palette.info.light} opacity={0.25} />
          </>
        )}
        {shown.map(([label, [x, y]]) => {
          const own = label === point.label;
          const r = own ? 6 : 4;
          // Labels sit outward from the midline, so h1's does not run into h2's marker.
          const left = x < 60;
          return (
            <g key={label}>
              <circle
                cx={x}
                cy={y}
                r={r}
                fill={own ? theme.palette.primary.main : theme.palette.common.white}
                stroke={theme.palette.primary.dark}
              />
              <text
                x={left ? x - r - 2 : x + r + 2}
                y={y + 3}
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
