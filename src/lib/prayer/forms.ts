// The prayer forms' rules on the client (spec §3 Prayer post / Prayer message), the same as
// contract/prayer.ts checks on the API, without zod so the islands stay small. The limits come
// from the contract through the page's props.

/** contract/prayer.ts limits, passed to the islands by their pages. */
export interface PrayerLimits {
  message: number;
  name: number;
  imageBytes: number;
}

/** The image types the API accepts for a request (contract/prayer.ts). */
export const PRAYER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A message key (prayer.json or contract/messages/account.ts) with its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export interface PrayerDraft {
  nome: string;
  idOracaoMotivo: string;
  mensagem: string;
  flagPublicarMural: boolean;
  flagReceberLigacao: boolean;
  flagReceberVisita: boolean;
}

export const emptyDraft = (nome = ''): PrayerDraft => ({
  nome,
  idOracaoMotivo: '',
  mensagem: '',
  flagPublicarMural: true,
  flagReceberLigacao: false,
  flagReceberVisita: false,
});

/** The first word of the member's name: the form's default display name. */
export const firstName = (nome: string | null | undefined): string =>
  (nome ?? '').trim().split(/\s+/)[0] ?? '';

/** Characters as the API counts them (zod's max on the trimmed text). */
export const textLength = (text: string): number => text.trim().length;

export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** A chosen file that the API would refuse: wrong type or too large. */
export function checkPrayerImage(
  file: { type: string; size: number } | null,
  limits: PrayerLimits,
): Problem | null {
  if (!file) return null;
  if (!(PRAYER_IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: 'image.type' };
  if (file.size > limits.imageBytes)
    return { key: 'image.size', values: { mb: megabytes(limits.imageBytes) } };
  return null;
}

/** A supportive message or the request's text: required, at most `max` characters. */
export function checkMessageText(text: string, max: number): Problem | null {
  const length = textLength(text);
  if (length === 0) return { key: 'v.required' };
  if (length > max) return { key: 'prayer.form.tooLong', values: { max } };
  return null;
}

/** Per-field problems of a request before it is sent; empty when it can go. */
export function checkPrayerDraft(
  draft: PrayerDraft,
  file: { type: string; size: number } | null,
  limits: PrayerLimits,
): Partial<Record<keyof PrayerDraft | 'image', Problem>> {
  const problems: Partial<Record<keyof PrayerDraft | 'image', Problem>> = {};
  const message = checkMessageText(draft.mensagem, limits.message);
  if (message) problems.mensagem = message;
  if (textLength(draft.nome) > limits.name)
    problems.nome = { key: 'prayer.form.tooLong', values: { max: limits.name } };
  const image = checkPrayerImage(file, limits);
  if (image) problems.image = image;
  return problems;
}

/** The multipart body of `POST /oracao/` (the file goes in the part `image`). */
export function prayerFormData(draft: PrayerDraft, churchId: number, file: Blob | null): FormData {
  const body = new FormData();
  body.set('idIgreja', String(churchId));
  body.set('mensagem', draft.mensagem.trim());
  body.set('nome', draft.nome.trim()); // blank posts anonymously
  if (draft.idOracaoMotivo) body.set('idOracaoMotivo', draft.idOracaoMotivo);
  body.set('flagPublicarMural', String(draft.flagPublicarMural));
  body.set('flagReceberLigacao', String(draft.flagReceberLigacao));
  body.set('flagReceberVisita', String(draft.flagReceberVisita));
  if (file) body.set('image', file);
  return body;
}
