// The stream player (spec §2 /live, /embed/player). YouTube, Vimeo and Facebook play in their
// own frame; an HLS playlist plays in <video>, natively where the browser can (Safari) and
// otherwise through hls.js, which is loaded only then; church HTML runs in a sandboxed frame.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerSource } from '../../../lib/live/player.ts';
import { attachHls } from '../ui/stream-video.ts';
import { makeT, Notice, type Lang } from '../ui/index.ts';

interface Props {
  source: PlayerSource;
  title: string;
  lang: Lang;
  strings: Record<string, string>;
}

function HlsVideo({ src, title, failed }: { src: string; title: string; failed: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    return attachHls(el, src, failed);
  }, [src, failed]);
  // a short demo playlist loops, like a stream that goes on
  return (
    <video
      ref={video}
      className="live-video"
      title={title}
      controls
      muted
      autoPlay
      playsInline
      loop
      data-player="hls"
    />
  );
}

export default function PlayerIsland({ source, title, lang, strings }: Props) {
  const t = makeT(strings, lang);
  const [error, setError] = useState(false);
  const failed = useCallback(() => setError(true), []);
  if (error)
    return (
      <div className="live-player-box">
        <Notice kind="error">{t('live.player.error')}</Notice>
      </div>
    );
  const label = t('live.player.title', { title });
  switch (source.kind) {
    case 'hls':
      return (
        <div className="live-player-box">
          <HlsVideo src={source.src} title={label} failed={failed} />
        </div>
      );
    case 'frame':
      return (
        <div className="live-player-box">
          <iframe
            className="live-frame"
            src={source.src}
            title={label}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      );
    case 'html':
      // the church's own embed code: scripts may run, but only inside this opaque-origin frame
      return (
        <div className="live-player-box">
          <iframe
            className="live-frame"
            srcDoc={source.html}
            title={label}
            sandbox="allow-scripts allow-presentation allow-popups"
            allow="autoplay; fullscreen"
          />
        </div>
      );
    default:
      return (
        <div className="live-player-box">
          <Notice>{t('live.player.none')}</Notice>
        </div>
      );
  }
}
