// Late bounces and complaints (docs/notifications.md "Bounces"): an MTA or mail provider posts the
// report it received as the raw message — an RFC 3464 delivery status notification
// (multipart/report; report-type=delivery-status) or an RFC 5965 abuse report
// (report-type=feedback-report). A permanent failure (Action: failed, Status 5.x.x) or a complaint
// marks the address in `email_devolvido` as an SMTP 5xx does, so later sends skip it.
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { accountSettings } from '../auth/settings.ts';
import { ApiProblem, notFound } from '../http/errors.ts';

/** The largest report read; a DSN or ARF with the original's headers fits in a few KB. */
export const FEEDBACK_MAX_BYTES = 256 * 1024;
/** The `codigo` of a complaint (no SMTP reply); its `motivo` starts with "complaint". */
export const COMPLAINT_CODE = 0;

export interface FeedbackMark {
  email: string;
  code: number;
  reason: string;
}

interface Headers {
  fields: Map<string, string[]>;
  body: string;
}

/** RFC 5322 header fields (folded lines joined) and the body after the first blank line. */
function parseHeaders(text: string): Headers {
  const match = /\r?\n\r?\n/.exec(text);
  const head = match ? text.slice(0, match.index) : text;
  const body = match ? text.slice(match.index + match[0].length) : '';
  const fields = new Map<string, string[]>();
  let last: string | null = null;
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      const values = fields.get(last)!;
      values[values.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    const values = fields.get(last) ?? [];
    values.push(line.slice(colon + 1).trim());
    fields.set(last, values);
  }
  return { fields, body };
}

const first = (h: Headers, name: string) => h.fields.get(name)?.[0] ?? '';

/** `multipart/report; report-type=delivery-status; boundary="x"` → type and parameters. */
function contentType(value: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The body parts of a multipart body with this boundary. */
function parts(body: string, boundary: string): Headers[] {
  const delimiter = `--${boundary}`;
  const found: Headers[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      if (current) found.push(parseHeaders(current.join('\n')));
      if (line.slice(delimiter.length).startsWith('--')) return found;
      current = [];
    } else if (current) current.push(line);
  }
  return found; // no closing delimiter: the parts read so far
}

/** `rfc822; <Someone@Example.com>` → `someone@example.com`, or null when it is not an address. */
function addressOf(value: string): string | null {
  const raw = (value.includes(';') ? value.slice(value.indexOf(';') + 1) : value).trim();
  const bracket = /<([^>]+)>/.exec(raw);
  const address = (bracket ? bracket[1]! : raw).trim().toLowerCase();
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) ? address : null;
}

/**
 * The addresses a report marks, or null when it is not a DSN or ARF report (a 400). A DSN
 * marks each recipient whose Action is failed with a 5.x.x Status; a delayed or 4.x.x one marks
 * nothing. An ARF marks the complaining recipient (Original-Rcpt-To, else the original's To).
 */
export function readFeedback(raw: string): FeedbackMark[] | null {
  const message = parseHeaders(raw);
  const { type, params } = contentType(first(message, 'content-type'));
  const boundary = params.get('boundary');
  if (type !== 'multipart/report' || !boundary) return null;
  const body = parts(message.body, boundary);
  const reportType = (params.get('report-type') ?? '').toLowerCase();
  if (reportType === 'delivery-status') {
    const status = body.find(
      (p) => contentType(first(p, 'content-type')).type === 'message/delivery-status',
    );
    if (!status) return null;
    // per-message fields, then one group of fields per recipient, separated by blank lines
    const groups = status.body.split(/\r?\n\s*\r?\n/).filter((g) => g.trim());
    const marks: FeedbackMark[] = [];
    for (const group of groups.slice(1)) {
      const fields = parseHeaders(`${group.trim()}\n\n`);
      const action = first(fields, 'action').toLowerCase();
      const code = first(fields, 'status');
      const email = addressOf(
        first(fields, 'final-recipient') || first(fields, 'original-recipient'),
      );
      if (!email || action !== 'failed' || !/^5\.\d{1,3}\.\d{1,3}/.test(code)) continue;
      const diagnostic = first(fields, 'diagnostic-code');
      const reply = /(?:^|;\s*)([45]\d\d)\b/.exec(diagnostic);
      marks.push({
        email,
        code: reply ? Number(reply[1]) : 550,
        reason: `dsn ${code} ${diagnostic}`.trim().slice(0, 500),
      });
    }
    return marks;
  }
  if (reportType === 'feedback-report') {
    const report = body.find(
      (p) => contentType(first(p, 'content-type')).type === 'message/feedback-report',
    );
    if (!report) return null;
    const fields = parseHeaders(`${report.body.trim()}\n\n`);
    const feedback = first(fields, 'feedback-type').toLowerCase() || 'abuse';
    let recipients = (fields.fields.get('original-rcpt-to') ?? []).map(addressOf);
    if (recipients.length === 0) {
      // the original message (or its headers) names whom it was sent to
      const original = body.find((p) =>
        ['message/rfc822', 'text/rfc822-headers'].includes(
          contentType(first(p, 'content-type')).type,
        ),
      );
      const inner = original && parseHeaders(original.body);
      recipients = inner ? [addressOf(first(inner, 'to'))] : [];
    }
    return recipients
      .filter((e): e is string => e !== null)
      .map((email) => ({
        email,
        code: COMPLAINT_CODE,
        reason: `complaint ${feedback}`.slice(0, 500),
      }));
  }
  return null;
}

/** The request's body, read as it streams, up to `max` bytes; null past that. */
async function bodyUpTo(c: Context, max: number): Promise<string | null> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > max) return null;
  // a body another middleware already read (a text/* type) is cached whole: measure it instead
  if (c.req.raw.bodyUsed || c.req.raw.body?.locked) {
    const text = await c.req.text();
    return Buffer.byteLength(text) > max ? null : text;
  }
  const reader = c.req.raw.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sameSecret(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /api/v1/email/retorno` with `Authorization: Bearer <EMAIL_WEBHOOK_SECRET>` and the report
 * as the body: 404 when the setting is absent (the endpoint is off) or the secret is wrong, 413
 * past 256 KB, 400 when it is not a DSN or ARF report; else 200 with the addresses marked.
 */
export async function emailFeedback(c: Context, db: Database) {
  const secret = accountSettings().EMAIL_WEBHOOK_SECRET;
  const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!secret || !sameSecret(given, secret)) throw notFound();
  const raw = await bodyUpTo(c, FEEDBACK_MAX_BYTES);
  if (raw === null) throw new ApiProblem(413, 'email.feedbackTooLarge');
  const marks = readFeedback(raw);
  if (!marks) throw new ApiProblem(400, 'email.feedbackInvalid');
  // a later mark of an address already bouncing changes nothing: the first reason stays
  const storable = marks.map((m) => ({ ...m, reason: m.reason.replace(/\p{Cc}/gu, ' ') }));
  if (storable.length) await db.insert(t.emailBounces).values(storable).onConflictDoNothing();
  return c.json({ status: true as const, marcados: marks.map((m) => m.email) });
}
