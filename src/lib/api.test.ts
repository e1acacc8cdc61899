// The pages' API client: in-process reads go straight to the API's fetch handler (docs/performance.md) and
// answer, parse and fail exactly as through ky.
import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createInProcessApi, createMainApi, getParsed, orNull } from './api.ts';

const schema = z.object({ id: z.number(), nome: z.string() });

function fakeApi() {
  const seen: Request[] = [];
  const handler = (request: Request) => {
    seen.push(request);
    if (request.url.endsWith('/igreja/graca/')) return Response.json({ id: 1, nome: 'Graça' });
    if (request.url.endsWith('/bad/')) return Response.json({ id: 'x' });
    return Response.json({ status: false, message: 'Not found.' }, { status: 404 });
  };
  return { seen, handler };
}

describe('getParsed', () => {
  it('in process: calls the handler once with the full URL and Accept, and parses the body', async () => {
    const { seen, handler } = fakeApi();
    const api = createInProcessApi('http://in-process/api/v1/', handler);
    expect(await getParsed(api, 'igreja/graca/', schema)).toEqual({ id: 1, nome: 'Graça' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('http://in-process/api/v1/igreja/graca/');
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
  });

  it('in process: a 404 is ky’s HTTPError (orNull gives null), a wrong body fails the schema', async () => {
    const api = createInProcessApi('http://in-process/api/v1/', fakeApi().handler);
    const error = await getParsed(api, 'igreja/nope/', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(404);
    expect(await orNull(getParsed(api, 'igreja/nope/', schema))).toBeNull();
    await expect(getParsed(api, 'bad/', schema)).rejects.toThrow(z.ZodError);
  });

  it('answers the same through ky (a client that is not in process)', async () => {
    const { seen, handler } = fakeApi();
    const api = createMainApi({
      prefixUrl: 'http://api.test/api/v1/',
      fetch: async (input, init) => handler(new Request(input, init)),
    });
    expect(await getParsed(api, 'igreja/graca/', schema)).toEqual({ id: 1, nome: 'Graça' });
    expect(seen[0]!.url).toBe('http://api.test/api/v1/igreja/graca/');
    expect(await orNull(getParsed(api, 'igreja/nope/', schema))).toBeNull();
  });
});
