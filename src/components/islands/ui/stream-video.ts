// The one way an island plays an HLS playlist in a <video> (the live player, the Play player):
// natively where the browser can (Safari), otherwise through hls.js, imported only then (its light
// build: no subtitles, DRM or alternate audio; captions come as a <track>). No framework here, so
// a page without React can use it too.

/** Starts `src` in `video`; `failed` is called on an unrecoverable error. Returns the clean-up. */
export function attachHls(video: HTMLVideoElement, src: string, failed: () => void): () => void {
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
    video.addEventListener('error', failed);
    return () => {
      video.removeEventListener('error', failed);
      video.removeAttribute('src');
      video.load();
    };
  }
  let destroyed = false;
  let hls: { destroy(): void } | undefined;
  void (import('hls.js/light') as Promise<typeof import('hls.js')>).then(({ default: Hls }) => {
    if (destroyed) return;
    if (!Hls.isSupported()) return failed();
    // no worker: the page's CSP allows no blob: scripts
    const player = new Hls({ enableWorker: false });
    hls = player;
    player.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) failed();
    });
    player.loadSource(src);
    player.attachMedia(video);
  }, failed);
  return () => {
    destroyed = true;
    hls?.destroy();
  };
}
