// The one-click unsubscribe of announcement e-mails (RFC 8058; docs/notifications.md
// "Unsubscribe"): GET shows a small page with one button and changes nothing (mail scanners follow
// links); POST — that button, or a mail client's `List-Unsubscribe=One-Click` — switches the
// token's kind of e-mail off. The token alone authorises it: no session, no framework JS.
import { Hono, type Context } from 'hono';
import { emailMessage, type EmailMessageKey } from '../../contract/messages/email.ts';
import { messageLang, type MessageLang } from '../../contract/messages/lang.ts';
import { escapeHtml } from '../mail/text.ts';
import { emailFeedback } from './email-feedback.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { unsubscribe, unsubscribeView } from './unsubscribe.service.ts';
import type { MemberDeps } from '../member/deps.ts';

function page(c: Context, status: 200 | 400, lang: MessageLang, body: string) {
  const title = escapeHtml(emailMessage(lang, 'email.page.title'));
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    status,
    { 'cache-control': 'no-store' },
  );
}

export function unsubscribeRoutes({ db }: MemberDeps) {
  const answer = async (c: Context, write: boolean) => {
    const token = c.req.query('t');
    const claim = readUnsubscribeToken(token);
    const view = claim && (await unsubscribeView(db, claim));
    if (!claim || !view) {
      const lang = messageLang(c.req.header('accept-language'));
      return page(c, 400, lang, `<p>${escapeHtml(emailMessage(lang, 'email.page.invalid'))}</p>`);
    }
    const m = (key: EmailMessageKey, values?: Record<string, string>) =>
      escapeHtml(emailMessage(view.lang, key, values));
    const values = {
      church: view.church,
      email: view.email,
      kind: emailMessage(view.lang, `email.kind.${claim.kind}`),
    };
    if (write) {
      await unsubscribe(db, claim);
      return page(
        c,
        200,
        view.lang,
        `<p>${m('email.page.done', values)}</p><p>${m('email.page.again')}</p>`,
      );
    }
    return page(
      c,
      200,
      view.lang,
      `<p>${m('email.page.ask', values)}</p><form method="post" action="?t=${escapeHtml(token!)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${m('email.page.confirm')}</button></form>`,
    );
  };
  return (
    new Hono()
      .get('/email/unsubscribe', (c) => answer(c, false))
      .post('/email/unsubscribe', (c) => answer(c, true))
      // late bounces and complaints posted by an MTA or provider (email-feedback.ts)
      .post('/email/retorno', (c) => emailFeedback(c, db))
  );
}
