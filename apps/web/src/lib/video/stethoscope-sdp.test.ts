import { describe, expect, it } from 'vitest';
import { withStethoscopeOpus } from './stethoscope-sdp.ts';

// The shape of Chromium's offer: voice, video, the stethoscope, the data channel (trimmed).
const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1 2 3',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=mid:0',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=mid:1',
  'a=rtpmap:96 VP8/90000',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=mid:2',
  'a=recvonly',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'a=mid:3',
  '',
].join('\r\n');

describe('the stethoscope’s Opus parameters', () => {
  it('go into its own m-section only, keeping the parameters already there', () => {
    const munged = withStethoscopeOpus(offer, 2);
    const sections = munged.split('\r\nm=');
    expect(sections[3]).toContain(
      'a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1;usedtx=0;maxaveragebitrate=128000\r\na=ptime:20',
    );
    // The voice stays in Opus's speech mode; nothing else changes.
    expect(sections[1]).toContain('a=fmtp:111 minptime=10;useinbandfec=1\r\n');
    expect(munged.replace(sections[3]!, '')).toBe(offer.replace(offer.split('\r\nm=')[3]!, ''));
  });

  it('replace a packet time already in the section, and only there', () => {
    const withPtime = offer.replace('a=recvonly\r\n', 'a=recvonly\r\na=ptime:40\r\n');
    const munged = withStethoscopeOpus(withPtime, 2);
    expect(munged.match(/a=ptime:\d+/g)).toEqual(['a=ptime:20']);
    expect(withStethoscopeOpus(offer, 2, undefined, 10)).toContain('maxaveragebitrate=128000\r\na=ptime:10\r\n');
  });

  it('add an fmtp line where the section has none, and leave an SDP without that section alone', () => {
    const bare = offer.replace(
      'a=rtpmap:111 opus/48000/2\r\na=fmtp:111 minptime=10;useinbandfec=1\r\nm=application',
      'a=rtpmap:111 opus/48000/2\r\nm=application',
    );
    const munged = withStethoscopeOpus(bare, 2);
    expect(munged).toContain(
      'a=rtpmap:111 opus/48000/2\r\na=fmtp:111 stereo=1;sprop-stereo=1;usedtx=0;useinbandfec=1;maxaveragebitrate=128000\r\na=ptime:20\r\nm=application',
    );
    expect(withStethoscopeOpus(offer, 7)).toBe(offer);
    expect(withStethoscopeOpus(offer, 1)).toBe(offer);
  });
});
