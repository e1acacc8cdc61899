// Per-member limits on the smaller member writes (docs/security.md "Member write quotas"): prayer
// requests and their messages, profile saves and photos, children, requests to join groups. Far
// above what a person does, far below what a script filling the database (or a leader's inbox)
// does. Counted in `tentativa_login` like the login limits, so every node shares them.
import { and, count, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { QuotaMessageKey } from '../../contract/messages/quotas.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { spend, type LimitRule } from './rate-limit.ts';

const HOUR = 60 * 60_000;
const perHour = (n: number): LimitRule => ({ maxFailures: n, windowMs: HOUR, lockMs: HOUR });

/** Writes per member per hour; past one, 429 with Retry-After. */
export const MEMBER_WRITE_RULES = {
  /** New prayer requests: a member sends a few a month. */
  prayer: { rule: perHour(20), message: 'quota.prayer' },
  /** Messages on wall requests ("praying for you"): a lively evening is a few dozen. */
  prayerMessage: { rule: perHour(120), message: 'quota.prayerMessage' },
  /** Profile saves (`PUT /usuario`): a few while fixing one's details. */
  profile: { rule: perHour(60), message: 'quota.profile' },
  /** Profile photos: a few tries to pick one. */
  photo: { rule: perHour(20), message: 'quota.photo' },
  /** Children added, changed or removed: a family's whole list is a handful. */
  child: { rule: perHour(60), message: 'quota.child' },
  /** Requests to join groups (each one mails the leader): one or two a year. */
  groupRequest: { rule: perHour(10), message: 'quota.groupRequest' },
} as const satisfies Record<string, { rule: LimitRule; message: QuotaMessageKey }>;

export type MemberWrite = keyof typeof MEMBER_WRITE_RULES;

/** Prayer requests a member keeps in one church (active ones; deleting frees room). */
export const PRAYERS_PER_MEMBER = 1000;
/** Children a member registers in one church. */
export const CHILDREN_PER_MEMBER = 30; // the profile's children count allows no more (contract/user.ts)

/** Counts one write of the member's; 429 (Retry-After) past its rule. */
export async function spendMemberWrite(
  db: Database,
  c: Context,
  userId: number,
  kind: MemberWrite,
): Promise<void> {
  const { rule, message } = MEMBER_WRITE_RULES[kind];
  const wait = await spend(db, `member:${kind}:user:${userId}`, rule);
  if (wait <= 0) return;
  c.header('Retry-After', String(Math.ceil(wait / 1000)));
  throw new ApiProblem(429, message, undefined, {
    minutes: Math.max(1, Math.ceil(wait / 60_000)),
  });
}

/** 422 when the member already keeps the most active prayer requests allowed in the church. */
export async function checkPrayerQuota(
  db: Database,
  churchId: number,
  userId: number,
): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(t.prayers)
    .where(
      and(
        eq(t.prayers.churchId, churchId),
        eq(t.prayers.userId, userId),
        eq(t.prayers.active, true),
      ),
    );
  if ((row?.n ?? 0) >= PRAYERS_PER_MEMBER)
    throw new ApiProblem(422, 'quota.prayerTotal', undefined, { max: PRAYERS_PER_MEMBER });
}

/** 422 when the member already has the most children allowed in the church. */
export async function checkChildrenQuota(
  db: Database,
  churchId: number,
  userId: number,
): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(t.userChildren)
    .where(and(eq(t.userChildren.churchId, churchId), eq(t.userChildren.userId, userId)));
  if ((row?.n ?? 0) >= CHILDREN_PER_MEMBER)
    throw new ApiProblem(422, 'quota.childrenTotal', undefined, { max: CHILDREN_PER_MEMBER });
}
