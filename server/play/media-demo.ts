// The Play demo videos (docs/play.md "Demo"): 8 per demo church, made by scripts/make-play-media.ts and
// committed. Open ones are static files under public/play-demo/ (their `midia_caminho` is a site
// path, starting with '/'); closed ones live in media/play/, outside public/, and their
// `midia_caminho` is relative to that store, served only through signed URLs (media.ts).

export interface DemoVideo {
  /** Folder under public/play-demo/ (open) or media/play/ (closed): `<church>/<n>`. */
  dir: string;
  number: number;
  label: string;
  colour: string;
  /** Tone frequency (Hz), different per video. */
  tone: number;
  open: boolean;
  /** Cue texts (2 s each) of a WebVTT caption track, when the video has one. */
  captions?: string[];
}

const COLOURS = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#4d7c0f',
];
/** Which of the 8 seeded contents of each church are open (server/db/seed/play.ts keeps the same order). */
export const DEMO_OPEN = [true, false, false, true, false, false, false, true] as const;

const CAPTIONS: Record<string, string[][]> = {
  graca: [
    [
      'Bem-vindo à Graça Play!',
      'Mensagens e estudos da Igreja da Graça.',
      'Assista quando quiser.',
      'Boa semana!',
    ],
    ['A graça de Deus é um favor imerecido.', 'Ela muda quem somos.', 'Efésios 2.8', 'Amém.'],
    [],
    [],
    [],
    [
      'Conversar sem brigar começa por ouvir.',
      'Fale do que sente, não do que o outro fez.',
      'Tiago 1.19',
      'Até a próxima.',
    ],
  ],
  grace: [
    [
      'Welcome to Grace Play!',
      'Sermons and studies from Grace Church.',
      'Watch whenever you like.',
      'Have a good week!',
    ],
    ['The grace of God is undeserved favour.', 'It changes who we are.', 'Ephesians 2:8', 'Amen.'],
    [],
    [],
    [],
    [
      'Talking without fighting starts with listening.',
      'Say what you feel, not what they did.',
      'James 1:19',
      'See you next time.',
    ],
  ],
};
const NAMES: Record<string, string> = { graca: 'Graça Play — vídeo', grace: 'Grace Play — video' };

export const PLAY_DEMO_VIDEOS: DemoVideo[] = ['graca', 'grace'].flatMap((church, c) =>
  DEMO_OPEN.map((open, i) => {
    const captions = CAPTIONS[church]![i];
    return {
      dir: `${church}/${i + 1}`,
      number: i + 1,
      label: `${NAMES[church]} ${i + 1}`,
      colour: COLOURS[(i + c * 3) % COLOURS.length]!,
      tone: 330 + i * 55 + c * 20,
      open,
      ...(captions?.length ? { captions } : {}),
    };
  }),
);

/** `midia_caminho` and `legenda_caminho` of a church's n-th (0-based) demo content. */
export function demoMediaPaths(
  church: string,
  index: number,
): { mediaPath: string; captionsPath: string | null } {
  const video = PLAY_DEMO_VIDEOS.find((v) => v.dir === `${church}/${index + 1}`);
  if (!video) throw new Error(`no demo video ${church}/${index + 1}`);
  const base = video.open ? `/play-demo/${video.dir}/` : `${video.dir}/`;
  return {
    mediaPath: `${base}index.m3u8`,
    captionsPath: video.captions ? `${base}captions.vtt` : null,
  };
}
