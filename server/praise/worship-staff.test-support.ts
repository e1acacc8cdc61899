// Shared set-up of the worship staff tests (songs, reading plans, moderation): a seeded database,
// the API, the demo accounts' tokens, the purges seen, and the refusal check every write gets.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, type TestBackend } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';

export type Who = 'admin' | 'editor' | 'member' | 'graceAdmin' | 'chat';
const ACCOUNTS: Record<Who, string> = {
  admin: 'lider@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
  // the treasurer made a chat moderator for these tests (no demo account has ROLE_CHAT)
  chat: 'tesoureiro@graca.demo',
};

export interface Sent {
  status: number;
  text: string;
  body: Record<string, unknown> & { errors?: Record<string, string[]>; message?: string };
}

export interface WorshipWorld {
  database: DatabaseHandle;
  api: Api;
  graca: number;
  grace: number;
  tokens: Record<Who, string>;
  purged: number[];
  send(
    method: string,
    url: string,
    token: string | undefined,
    body?: { json?: unknown; form?: FormData },
    lang?: string,
  ): Promise<Sent>;
  /** A write refused for a visitor (401), a member, grace's admin and the roles listed (403); nothing changes. */
  expectRefused(
    call: (token?: string) => Promise<{ status: number }>,
    state: () => Promise<unknown>,
    alsoRefused: Who[],
  ): Promise<void>;
}

export async function openWorshipWorld(
  backend: TestBackend,
  mount?: (api: Api, db: DatabaseHandle['db']) => void,
): Promise<WorshipWorld> {
  const database = await openTestDatabase(backend);
  const db = database.db;
  const changes = createChangeFeed();
  const purged: number[] = [];
  changes.onChurchChanged((id) => purged.push(id));
  const api = createApi({ db, changes });
  mount?.(api, db);
  const idOf = async (slug: string) =>
    (await db.select({ id: t.churches.id }).from(t.churches).where(eq(t.churches.slug, slug)))[0]!
      .id;
  const [graca, grace] = [await idOf('graca'), await idOf('grace')];
  const [treasurer] = await db.select().from(t.users).where(eq(t.users.email, ACCOUNTS.chat));
  await db
    .update(t.churchUsers)
    .set({ roles: ['ROLE_CHAT'] })
    .where(eq(t.churchUsers.userId, treasurer!.id));
  const tokens = {} as Record<Who, string>;
  for (const [who, email] of Object.entries(ACCOUNTS) as [Who, string][])
    tokens[who] = (await loginAs(api, email)).token;
  const client = apiClient(api);

  async function send(
    method: string,
    url: string,
    token: string | undefined,
    body?: { json?: unknown; form?: FormData },
    lang = 'en',
  ): Promise<Sent> {
    const res = await client.raw(method, url, { token, lang, body: body?.json ?? body?.form });
    const text = await res.text();
    let parsed: Sent['body'] = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    return { status: res.status, text, body: parsed };
  }

  async function expectRefused(
    call: (token?: string) => Promise<{ status: number }>,
    state: () => Promise<unknown>,
    alsoRefused: Who[],
  ) {
    const before = await state();
    const audits = await db.$count(t.auditLog);
    purged.length = 0;
    expect((await call()).status).toBe(401);
    expect((await call(tokens.member)).status).toBe(403);
    expect((await call(tokens.graceAdmin)).status).toBe(403);
    for (const who of alsoRefused) expect((await call(tokens[who])).status).toBe(403);
    expect(await state()).toEqual(before);
    expect(await db.$count(t.auditLog)).toBe(audits);
    expect(purged).toEqual([]);
  }

  return { database, api, graca, grace, tokens, purged, send, expectRefused };
}
