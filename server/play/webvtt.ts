// Checks an uploaded captions file (docs/play.md "Uploading"): WebVTT with its header and cues whose
// timings read `hh:mm:ss.ttt --> hh:mm:ss.ttt` (hours optional) and end after they start. Returns
// the text to store (BOM and line ends normalised) or the problem, with its line, for the staff page.

export type VttCheck =
  | { ok: true; text: string; cues: number }
  | { ok: false; problem: 'header' | 'timing' | 'empty'; line?: number };

const TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(stamp: string): number | null {
  const m = TIME.exec(stamp);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

export function checkWebVtt(input: string): VttCheck {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return { ok: false, problem: 'header' };
  let cues = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('-->')) continue;
    const [from, rest] = line.split('-->').map((s) => s.trim());
    const to = rest?.split(/[ \t]+/)[0] ?? '';
    const start = seconds(from ?? '');
    const end = seconds(to);
    if (start === null || end === null || end <= start)
      return { ok: false, problem: 'timing', line: i + 1 };
    cues += 1;
  }
  if (!cues) return { ok: false, problem: 'empty' };
  return { ok: true, text: text.endsWith('\n') ? text : `${text}\n`, cues };
}
