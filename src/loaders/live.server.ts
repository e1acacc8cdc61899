// The /live page's streams (`GET /igreja/{slug}/transmissao/`), parsed with contract/live.ts.
import { streamsResponseSchema, type StreamsResponse } from '../../contract/live.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';

export async function loadStreams(slug: string): Promise<StreamsResponse> {
  return getParsed(
    serverApi(),
    `igreja/${encodeURIComponent(slug)}/transmissao/`,
    streamsResponseSchema,
  );
}
