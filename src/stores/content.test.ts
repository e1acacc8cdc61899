// A members' study: its body loads for a member; none to show when the API gives none or refuses.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ studyBody: vi.fn() }));
vi.mock('../lib/content/api.ts', () => api);
const { $studyBody, loadStudyBody } = await import('./content.ts');

describe('content store: a members’ study', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    $studyBody.set(undefined);
  });

  it('nothing to show before the load, the body after it', async () => {
    expect($studyBody.get()).toBeUndefined();
    api.studyBody.mockResolvedValueOnce('<p>Romanos 8</p>');
    const loading = loadStudyBody('graca', 4);
    expect($studyBody.get()).toBeUndefined();
    await loading;
    expect(api.studyBody).toHaveBeenCalledWith('graca', 4);
    expect($studyBody.get()).toBe('<p>Romanos 8</p>');
  });

  it('no body (an inactive membership) or a refusal shows none', async () => {
    api.studyBody.mockResolvedValueOnce(null);
    await loadStudyBody('graca', 4);
    expect($studyBody.get()).toBeNull();
    api.studyBody.mockRejectedValueOnce(
      new HTTPError(
        new Response(JSON.stringify({ message: 'Members only' }), { status: 403 }),
        new Request('http://localhost/api/v1/igreja/graca/estudo/4'),
        {} as NormalizedOptions,
      ),
    );
    await loadStudyBody('graca', 4);
    expect($studyBody.get()).toBeNull();
  });
});
