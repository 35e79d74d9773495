import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Auscultation } from '@auscura/contracts';
import type { PlaybackSettings, Span } from '../../../../lib/audio/playback.ts';
import { getRecording } from '../../../../lib/api/auscultations/get-recording.ts';
import type { RecordingVariant } from '../../../../lib/api/auscultations/get-recording.ts';
import { usePlayer } from '../../hooks/use-player.ts';
import { usePlayerView } from '../../hooks/use-player-view.ts';
import { useSpectrogram } from '../../hooks/use-spectrogram.ts';
import { useWaveform } from '../../hooks/use-waveform.ts';
import { noisySlices, qualityText } from '@auscura/contracts';
import type { PlayerView } from '../../stores/player-view.ts';
import { bandSegments, murmurMarks, recordingFileName } from '../../utils/auscultation-format.ts';
import { presetChoices, volumeSlider, volumeToGain } from '../../utils/player-controls.ts';
import { FilterControls } from './filter-controls.tsx';
import { FilterResponseChart } from './filter-response-chart.tsx';
import { PlayerControls } from './player-controls.tsx';
import { SpectrogramView } from './spectrogram-view.tsx';
import { Waveform, WaveformPlaceholder } from './waveform.tsx';
import { ZoomControls } from './zoom-controls.tsx';

/** Peaks per recording: enough for a 1440-px-wide card without redrawing from samples. */
const peakBuckets = 1600;
/** Zoom steps: at the last, a minute-long recording shows under 4 s, a few beats, across the card. */
const zoomSteps = [1, 2, 4, 8, 16] as const;

async function download(auscultation: Auscultation) {
  const bytes = await getRecording(auscultation.id, 'Raw');
  const url = URL.createObjectURL(new Blob([bytes], { type: auscultation.recording?.mimeType ?? 'audio/wav' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = recordingFileName(auscultation.auscultationPoint.label, auscultation.dateCreated);
  anchor.click();
  // The click has handed the URL to the download manager; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type AuscultationPlayerProps = { auscultation: Auscultation; label: string; initialVariant: RecordingVariant };

/** Waveform, transport, filters and volume of one recording (§2.13). */
export function AuscultationPlayer({ auscultation, label, initialVariant }: AuscultationPlayerProps) {
  const [variant, setVariant] = useState<RecordingVariant>(initialVariant);
  const [volume, setVolume] = useState<number>(volumeSlider.initial);
  const [settings, setSettings] = useState<PlaybackSettings>({
    preset: 'wide',
    custom: null,
    gain: volumeToGain(volumeSlider.initial),
  });
  const [loop, setLoop] = useState(false);
  const [region, setRegion] = useState<Span | null>(null);
  const [regionOn, setRegionOn] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const waveform = useWaveform(auscultation.id, peakBuckets);
  const activeRegion = regionOn ? region : null;
  const player = usePlayer({ auscultationId: auscultation.id, variant, settings, loop, region: activeRegion });
  const noisy = useMemo(() => noisySlices(auscultation.noiseQualityRecord), [auscultation.noiseQualityRecord]);
  const murmur = useMemo(() => murmurMarks(auscultation.beatawareReport), [auscultation.beatawareReport]);
  const [view, setView] = usePlayerView();
  const [zoomStep, setZoomStep] = useState(0);
  const zoom = zoomSteps[zoomStep]!;
  const onZoom = (direction: 1 | -1) =>
    setZoomStep((step) => Math.min(zoomSteps.length - 1, Math.max(0, step + direction)));
  const spectrogram = useSpectrogram({
    auscultationId: auscultation.id,
    variant,
    settings,
    site: auscultation.auscultationPoint.type,
    enabled: view === 'spectrogram',
    // Zoomed in, more columns keep the picture sharp (up to 4 × 1200; the window's length limits it anyway).
    detail: Math.min(zoom, 4),
  });
  const notJudged = qualityText(auscultation.beatawareReport);
  // A recording the analysis could not judge gets no murmur marks; the noise record is measured apart from it.
  const segments = useMemo(() => bandSegments(notJudged ? null : murmur, noisy), [notJudged, murmur, noisy]);
  const onRegion = (next: Span | null) => {
    const chosen = next && next.end > next.start ? next : null;
    setRegion(chosen);
    setRegionOn(chosen !== null);
    // A new region puts the playhead at its start, where Play will begin.
    if (chosen) player.seek(chosen.start);
  };
  const timeline = {
    label,
    zoom,
    onZoom,
    region,
    playing: player.state === 'playing',
    position: player.position,
    onSeek: player.seek,
    onRegion,
  };
  const heard = `${settings.custom ? `custom ${settings.custom.lowCutHz}–${settings.custom.highCutHz} Hz` : (presetChoices.find((c) => c.name === settings.preset)?.label ?? settings.preset)} filter, ${variant} recording`;

  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={`Picture, ${label}`}
          value={view}
          onChange={(_event, next: PlayerView | null) => next && setView(next)}
        >
          <ToggleButton value="waveform">Waveform</ToggleButton>
          <ToggleButton value="spectrogram">Spectrogram</ToggleButton>
        </ToggleButtonGroup>
        <ZoomControls
          label={label}
          zoom={zoom}
          duration={waveform.data?.duration ?? null}
          step={zoomStep}
          last={zoomSteps.length - 1}
          onZoom={onZoom}
        />
      </Box>
      {view === 'spectrogram' ? (
        spectrogram.data ? (
          <SpectrogramView
            data={spectrogram.data}
            heard={heard}
            segments={segments}
            cycle={notJudged ? [] : (auscultation.beatawareReport?.segmentation ?? [])}
            notJudged={notJudged}
            {...timeline}
          />
        ) : (
          <WaveformPlaceholder failed={spectrogram.failed} name="spectrogram" />
        )
      ) : waveform.data ? (
        <Waveform
          data={waveform.data}
          noisy={noisy}
          hasNoiseRecord={auscultation.noiseQualityRecord !== null}
          murmur={murmur ?? undefined}
          {...timeline}
        />
      ) : (
        <WaveformPlaceholder failed={waveform.failed} />
      )}
      <PlayerControls
        label={label}
        state={player.state}
        progress={player.progress}
        loop={loop}
        regionOn={regionOn}
        hasRegion={region !== null}
        variant={variant}
        onPlay={() => void player.play()}
        onStop={player.stop}
        onLoop={setLoop}
        onRegion={setRegionOn}
        onVariant={setVariant}
        onDownload={() => {
          setDownloadFailed(false);
          download(auscultation).catch(() => setDownloadFailed(true));
        }}
      />
      {player.fellBack && (
        <Alert severity="info">The {variant} file is not available; the original recording is played instead.</Alert>
      )}
      {player.failed && <Alert severity="error">The recording could not be played.</Alert>}
      {downloadFailed && <Alert severity="error">The recording could not be downloaded.</Alert>}
      <FilterControls label={label} settings={settings} volume={volume} onSettings={setSettings} onVolume={setVolume}>
        {waveform.data && (
          <FilterResponseChart label={label} settings={settings} sampleRate={waveform.data.sampleRate} />
        )}
      </FilterControls>
    </Box>
  );
}
