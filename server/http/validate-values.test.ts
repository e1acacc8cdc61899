// A size rule's message names its number (docs/api-foundation.md): the video upload's "larger
// than {{mb}} MB" came out as "larger than  MB".
import { describe, expect, it } from 'vitest';
import { uploadInit, VIDEO_MAX_BYTES } from '../../contract/play-staff.ts';
import { localizedFieldErrors } from './validate.ts';

describe('messages of size rules', () => {
  it('fill in the limit in each language', () => {
    const result = uploadInit.safeParse({ nomeArquivo: 'culto.mp4', tamanho: VIDEO_MAX_BYTES + 1 });
    expect(result.success).toBe(false);
    const mb = VIDEO_MAX_BYTES / 1024 / 1024;
    expect(localizedFieldErrors(result.error!, 'en').tamanho).toEqual([
      `The video is larger than ${mb} MB.`,
    ]);
    expect(localizedFieldErrors(result.error!, 'pt').tamanho).toEqual([
      `O vídeo tem mais de ${mb} MB.`,
    ]);
    expect(localizedFieldErrors(result.error!, 'es').tamanho).toEqual([
      `El video tiene más de ${mb} MB.`,
    ]);
  });
});
