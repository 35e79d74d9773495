import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { noisySlices, qualityText } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import type { CompareMode, CompareSide } from '../../../../lib/audio/compare-playback.ts';
import type { PlaybackSettings, Span } from '../../../../lib/audio/playback.ts';
import { useComparePlayer } from '../../hooks/use-compare-player.ts';
import { useWaveform } from '../../hooks/use-waveform.ts';
import type { WaveformData } from '../../hooks/use-waveform.ts';
import { alignOnS1, firstS1, shiftSegments } from '../../utils/compare-alignment.ts';
import type { AlignedTrack, Alignment } from '../../utils/compare-alignment.ts';
import { bandSegments, murmurMarks } from '../../utils/auscultation-format.ts';
import { presetChoices, volumeSlider, volumeToGain } from '../../utils/player-controls.ts';
import { drawWaveform, formatSeconds, xAt } from '../../utils/waveform-draw.ts';
import { AnalysisBand } from './analysis-band.tsx';
import { TimelineSurface } from './timeline-surface.tsx';
import type { SurfaceDraw } from './timeline-surface.tsx';
import { WaveformPlaceholder, waveformColors } from './waveform.tsx';

const peakBuckets = 1600;
const laneHeight = 80;

type LaneProps = {
  label: string;
  auscultation: Auscultation;
  data: WaveformData;
  track: AlignedTrack;
  alignment: Alignment;
  region: Span | null;
  playing: boolean;
  position: () => number;
  onSeek: (time: number) => void;
  onRegion: (region: Span | null) => void;
};

/** One recording on the shared axis: its waveform from its pad on, its analysis band, the S1 line. */
function CompareLane({ label, auscultation, data, track, alignment, ...timeline }: LaneProps) {
  const theme = useTheme();
  const report = auscultation.beatawareReport;
  const notJudged = qualityText(report);
  const noisy = useMemo(() => noisySlices(auscultation.noiseQualityRecord), [auscultation.noiseQualityRecord]);
  const segments = useMemo(
    () => shiftSegments(bandSegments(notJudged ? null : murmurMarks(report), noisy), track.pad),
    [notJudged, report, noisy, track.pad],
  );
  const cycle = useMemo(
    () => (notJudged ? [] : shiftSegments(report?.segmentation ?? [], track.pad)),
    [notJudged, report, track.pad],
  );
  const draw = useCallback<SurfaceDraw>(
    (context, size, region) => {
      const { width, height } = size;
      context.clearRect(0, 0, width, height);
      context.fillStyle = theme.palette.grey[200];
      context.fillRect(0, 0, width, height);
      const left = xAt(track.pad, width, alignment.total);
      context.save();
      context.translate(left, 0);
      drawWaveform(
        context,
        { width: xAt(track.duration, width, alignment.total), height },
        {
          peaks: data.peaks,
          duration: track.duration,
          noisy,
          hasNoiseRecord: auscultation.noiseQualityRecord !== null,
          region: region ? { start: region.start - track.pad, end: region.end - track.pad } : null,
        },
        waveformColors(theme),
      );
      context.restore();
      if (alignment.alignedAt !== null) {
        // The line both first S1s sit on.
        const x = Math.round(xAt(alignment.alignedAt, width, alignment.total)) + 0.5;
        context.strokeStyle = theme.palette.secondary.dark;
        context.setLineDash([4, 3]);
        context.beginPath();
        context.moveTo(x, 0);
        context.lineTo(x, height);
        context.stroke();
        context.setLineDash([]);
      }
    },
    [alignment, auscultation.noiseQualityRecord, data.peaks, noisy, theme, track],
  );
  return (
    <TimelineSurface
      label={label}
      duration={alignment.total}
      height={laneHeight}
      draw={draw}
      hint={` Shared time scale; the dashed line marks the first S1 both recordings are aligned on.`}
      below={(width, visibleWidth) => (
        <AnalysisBand
          label={label}
          width={width}
          duration={alignment.total}
          segments={segments}
          cycle={cycle}
          notJudged={notJudged}
          onSeek={timeline.onSeek}
          visibleWidth={visibleWidth}
        />
      )}
      {...timeline}
    />
  );
}

/** How the two recordings were lined up, in words (and the figures the alignment used). */
function alignmentText(alignment: Alignment): string {
  const { current, earlier } = alignment;
  if (alignment.alignedAt === null) {
    const missing = [current.s1 === null && 'this visit', earlier.s1 === null && 'the earlier recording']
      .filter(Boolean)
      .join(' and ');
    return `Not aligned: the analysis segmented no heartbeat in ${missing}, so both start at 0.0 s.`;
  }
  return `Aligned on the first S1: this visit's at ${current.s1!.toFixed(2)} s, the earlier one's at ${earlier.s1!.toFixed(2)} s, both drawn at ${alignment.alignedAt.toFixed(2)} s.`;
}

type ComparePlayerProps = { current: Auscultation; earlier: Auscultation; name: string; earlierTitle: string };

/**
 * Both recordings one above the other on one time scale aligned on S1, with one transport: A/B (both
 * run, one control chooses which is heard, no gap) or one after the other (issue 40).
 */
export function ComparePlayer({ current, earlier, name, earlierTitle }: ComparePlayerProps) {
  const currentWave = useWaveform(current.id, peakBuckets);
  const earlierWave = useWaveform(earlier.id, peakBuckets);
  const [mode, setMode] = useState<CompareMode>('ab');
  const [preset, setPreset] = useState<PlaybackSettings['preset']>('wide');
  const [region, setRegion] = useState<Span | null>(null);
  const settings = useMemo<PlaybackSettings>(
    () => ({ preset, custom: null, gain: volumeToGain(volumeSlider.initial) }),
    [preset],
  );
  const alignment = useMemo(
    () =>
      alignOnS1(
        { duration: currentWave.data?.duration ?? 0, s1: firstS1(current.beatawareReport) },
        { duration: earlierWave.data?.duration ?? 0, s1: firstS1(earlier.beatawareReport) },
      ),
    [currentWave.data, earlierWave.data, current.beatawareReport, earlier.beatawareReport],
  );
  const player = useComparePlayer({
    currentId: current.id,
    earlierId: earlier.id,
    alignment,
    settings,
    mode,
    region,
  });
  const playing = player.state === 'playing';
  const positionOf = (side: CompareSide) => () => {
    const at = player.position();
    // One after the other: the lane not playing keeps its playhead at the start of what is played.
    return mode === 'sequence' && playing && at.side !== side ? (region?.start ?? 0) : at.time;
  };
  const onRegion = (next: Span | null) => {
    const chosen = next && next.end > next.start ? next : null;
    setRegion(chosen);
    if (chosen) player.seek(chosen.start);
  };
  const lanes: Array<{ side: CompareSide; title: string; auscultation: Auscultation; data: WaveformData | null }> = [
    { side: 'current', title: 'This visit', auscultation: current, data: currentWave.data },
    { side: 'earlier', title: earlierTitle, auscultation: earlier, data: earlierWave.data },
  ];
  const ready = currentWave.data !== null && earlierWave.data !== null;
  const failed = currentWave.failed || earlierWave.failed;

  return (
    <Box component="section" aria-label={`Both recordings of ${name}`} sx={{ display: 'grid', gap: 1.5 }}>
      {ready ? (
        <Typography variant="body2" data-testid="compare-alignment">
          {alignmentText(alignment)}
        </Typography>
      ) : null}
      {lanes.map(({ side, title, auscultation, data }) => (
        <Box key={side} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">
            {title}
          </Typography>
          {ready && data ? (
            <CompareLane
              label={`${name}, ${side === 'current' ? 'this visit' : 'earlier'}`}
              auscultation={auscultation}
              data={data}
              track={alignment[side]}
              alignment={alignment}
              region={region}
              playing={playing}
              position={positionOf(side)}
              onSeek={player.seek}
              onRegion={onRegion}
            />
          ) : (
            <WaveformPlaceholder failed={failed} />
          )}
        </Box>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={!ready || player.state === 'downloading'}
          onClick={() => (playing ? player.stop() : void player.play())}
          aria-label={`${playing ? 'Stop' : 'Play'}, both recordings of ${name}`}
        >
          {playing ? 'Stop' : player.state === 'downloading' ? 'Loading…' : 'Play'}
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          aria-label="How to play the two recordings"
          onChange={(_event, next: CompareMode | null) => next && setMode(next)}
        >
          <ToggleButton value="ab">A/B together</ToggleButton>
          <ToggleButton value="sequence">One after the other</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={player.heard}
          disabled={mode !== 'ab'}
          aria-label="Listening to (A/B)"
          onChange={(_event, next: CompareSide | null) => next && player.listen(next)}
        >
          <ToggleButton value="current">A: this visit</ToggleButton>
          <ToggleButton value="earlier">B: earlier</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset}
          aria-label="Filter for both recordings"
          onChange={(_event, next: PlaybackSettings['preset'] | null) => next && setPreset(next)}
        >
          {presetChoices.map((choice) => (
            <ToggleButton key={choice.name} value={choice.name}>
              {choice.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {mode === 'ab'
          ? 'A/B: both recordings play together, aligned; A and B choose which one you hear without a pause.'
          : 'One after the other: this visit plays, then the earlier recording, over the same stretch.'}
        {region
          ? ` Region ${formatSeconds(region.start)}–${formatSeconds(region.end)}${mode === 'ab' ? ', looped' : ''}; Escape on a picture clears it.`
          : ' Drag across a few beats on either picture to loop them.'}
      </Typography>
      {player.failed && <Alert severity="error">The recordings could not be played.</Alert>}
    </Box>
  );
}
