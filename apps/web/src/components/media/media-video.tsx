import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';

/** A <video> playing a stream (local previews are muted and mirrored; remote audio plays). */
export function MediaVideo(props: {
  stream: MediaStream | null;
  muted?: boolean;
  mirrored?: boolean;
  label: string;
  style?: CSSProperties;
  onPlaying?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== props.stream) video.srcObject = props.stream;
  }, [props.stream]);
  return (
    <video
      ref={ref}
      aria-label={props.label}
      autoPlay
      playsInline
      muted={props.muted}
      onPlaying={props.onPlaying}
      style={{
        objectFit: 'cover',
        background: '#1f2933',
        transform: props.mirrored ? 'scaleX(-1)' : undefined,
        display: 'block',
        ...props.style,
      }}
    />
  );
}
