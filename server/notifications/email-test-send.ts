// "Send a test to me" (docs/notifications.md "E-mail announcements"): the notice's e-mail to the
// staff member alone, at once, in their own language, recording nothing.
import type { Config } from '../../common/config.ts';
import { emailMessage } from '../../contract/messages/email.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { NoticeKind } from '../../contract/notification-preferences.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { fieldProblem } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { eq } from 'drizzle-orm';
import { announcementMail } from './email-mail.ts';
import { mailChurch } from './email-sends.service.ts';
import { languageChoice } from './languages.ts';

type Settings = Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'>;

/** The notice's e-mail to the staff member alone, at once (nothing recorded: a test). */
export async function sendTestEmail(
  db: Database,
  mailer: Mailer,
  settings: Settings,
  input: {
    churchId: number;
    userId: number;
    kind: NoticeKind;
    subject: string;
    body: string;
    link: string | null;
  },
): Promise<string> {
  const [church, [me]] = await Promise.all([
    mailChurch(db, input.churchId),
    db
      .select({ email: t.users.email, first: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.id, input.userId)),
  ]);
  if (!church || !me || me.email.endsWith('.invalid'))
    throw fieldProblem(422, 'email', 'email.noAddress');
  const lang =
    (await languageChoice(db, input.churchId, input.userId)) ?? messageLangOfLocale(church.locale);
  await mailer.send(
    announcementMail({
      church,
      lang,
      to: { userId: input.userId, email: me.email, name: me.first },
      kind: input.kind,
      subject: emailMessage(lang, 'email.test', { subject: input.subject }),
      body: input.body,
      link: input.link ? `${churchHomeUrl(church.code, settings)}${input.link}` : null,
      settings,
    }),
  );
  return me.email;
}
