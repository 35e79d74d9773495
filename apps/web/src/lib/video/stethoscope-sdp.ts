/**
 * The stethoscope's Opus settings, written into the session description of its m-section.
 *
 * WebRTC configures the Opus encoder from the remote description's fmtp line: mono (the default)
 * selects libopus's VOIP application, whose encoder high-passes adaptively at 60–100 Hz — exactly
 * where S1, S2 and S3 live; `stereo=1` selects the AUDIO application, which only removes DC
 * (libopus src/opus_encoder.c, hp_cutoff / dc_reject; Chromium's webrtc/media/engine/
 * webrtc_voice_engine.cc reads `stereo` as the channel count). `contentHint = 'music'` does not
 * change this in Chromium. DTX would drop the quiet parts between heart sounds; FEC stays on for
 * loss. 128 kbps (RFC 7587 §6.1: maxaveragebitrate is the encoder's target) leaves the music mode
 * transparent; 32 kbps is Chromium's mono default. Measured here by `npm run bench:stethoscope`
 * (benchmarks/RESULTS.md; every run in benchmarks/history/2026-11-results-journal.md, "The
 * stethoscope over the live exam"): with mono Opus a 40 Hz tone arrives about 8 dB down, with these
 * parameters the path stays within about 0.1 dB from 20 to 1000 Hz.
 */
const stethoscopeOpusParameters = {
  stereo: '1',
  'sprop-stereo': '1',
  usedtx: '0',
  useinbandfec: '1',
  maxaveragebitrate: '128000',
} as const;

/**
 * The stethoscope's Opus frame, written as the section's packet time (RFC 4566 §6 `a=ptime`, which
 * WebRTC reads as the Opus encoder's frame size: webrtc modules/audio_coding/codecs/opus/
 * audio_encoder_opus.cc, GetFrameSizeMs). 20 ms is WebRTC's own default, kept on purpose: 10 ms
 * frames took 11–36 ms off the delay in four quiet side-by-side runs, but in two of three runs of the
 * CirCor heart recording one 1 s window of fifteen arrived broken (band correlation 0.67, 0.58; with
 * 20 ms frames every window ≥ 0.96), and a stethoscope that glitches is worse than one 20 ms later
 * (benchmarks/history/2026-12-07-stethoscope-ptime.md). `npm run bench:stethoscope` measures both.
 */
export const stethoscopePacketMs = 20;

/** The stethoscope sender's bitrate ceiling (RTCRtpSender.setParameters), the same 128 kbps. */
export const stethoscopeMaxBitrate = 128_000;

/**
 * Sets the Opus parameters and the packet time of the `index`-th m-section (0-based) of an SDP;
 * other sections and other parameters are kept. An SDP without Opus in that section comes back unchanged.
 */
export function withStethoscopeOpus(
  sdp: string,
  index: number,
  parameters: Record<string, string> = stethoscopeOpusParameters,
  packetMs = stethoscopePacketMs,
): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  // Line numbers where each m-section starts; the session part comes before the first.
  const starts = lines.flatMap((line, at) => (line.startsWith('m=') ? [at] : []));
  const start = starts[index];
  if (start === undefined) return sdp;
  const end = starts[index + 1] ?? lines.length;
  const section = lines.slice(start, end);
  const opus = section.map((line) => /^a=rtpmap:(\d+) opus\/48000/i.exec(line)?.[1]).find(Boolean);
  if (!opus) return sdp;
  const fmtpAt = section.findIndex((line) => line.startsWith(`a=fmtp:${opus} `));
  const current = new Map<string, string>();
  if (fmtpAt >= 0) {
    for (const pair of section[fmtpAt]!.slice(`a=fmtp:${opus} `.length).split(';')) {
      const [key, value = ''] = pair.split('=');
      if (key?.trim()) current.set(key.trim(), value.trim());
    }
  }
  for (const [key, value] of Object.entries(parameters)) current.set(key, value);
  const fmtp = `a=fmtp:${opus} ${[...current].map(([key, value]) => `${key}=${value}`).join(';')}`;
  if (fmtpAt >= 0) section[fmtpAt] = fmtp;
  else section.splice(section.findIndex((line) => line.startsWith(`a=rtpmap:${opus} `)) + 1, 0, fmtp);
  // The packet time is the section's (RFC 4566 §6), one line after the codec's parameters.
  const kept = section.filter((line) => !line.startsWith('a=ptime:'));
  kept.splice(kept.findIndex((line) => line.startsWith(`a=fmtp:${opus} `)) + 1, 0, `a=ptime:${packetMs}`);
  return [...lines.slice(0, start), ...kept, ...lines.slice(end)].join(eol);
}
