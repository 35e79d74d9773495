type LogoProps = { height?: number; inverted?: boolean };

/** The Auscura wordmark: a stethoscope trace in a tile, then the name. Scales with `height`. */
export function Logo({ height = 32, inverted = false }: LogoProps) {
  const ink = inverted ? '#ffffff' : '#0b3c49';
  return (
    <svg role="img" aria-label="Auscura" height={height} viewBox="0 0 150 32" xmlns="http://www.w3.org/2000/svg">
      <rect width="32" height="32" rx="7" fill="#0b5c6b" />
      <path
        d="M4 17h6l2.5-6 4 12 3-9 2 3H28"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="40"
        y="23.5"
        fill={ink}
        fontFamily="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
        fontSize="21"
        fontWeight="700"
        letterSpacing="0.3"
      >
        Auscura
      </text>
    </svg>
  );
}
