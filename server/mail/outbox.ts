// Outgoing e-mail (docs/architecture.md "Programs and one port"): files in DATA_DIR/outbox by default, real SMTP when
// SMTP_URL is set. Each file message also gets a .json twin that tests and developers can read.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../common/config.ts';
import { PRIVATE_DIR, PRIVATE_FILE } from '../utils/private-files.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, in order (also in the text). */
  links: string[];
  /** Extra headers (List-Unsubscribe of RFC 8058 on announcements), also in the outbox's .json twin. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface OutboxEntry extends Mail {
  file: string;
  date: string;
}

const FROM = 'Igreja <nao-responda@church-web.local>';

export function createMailer({
  dataDir,
  smtpUrl,
}: {
  dataDir: string;
  smtpUrl?: string | undefined;
}): Mailer {
  let transport: Transporter | undefined;
  if (smtpUrl) {
    transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport!.sendMail({
          from: FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      },
    };
  }
  const dir = outboxDir(dataDir);
  transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = (await transport!.sendMail({
        from: FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      })) as { message: Buffer };
      // Reset and activation links are in these files: the server's user alone reads them.
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
      await chmod(dir, PRIVATE_DIR);
      const date = new Date().toISOString();
      const name = `${date.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const mode = PRIVATE_FILE;
      await writeFile(path.join(dir, `${name}.eml`), info.message, { mode });
      await writeFile(path.join(dir, `${name}.json`), JSON.stringify({ date, ...mail }, null, 2), {
        mode,
      });
    },
  };
}

/**
 * The product's one mailer, from the settings it is handed (createApi's, the job runner's): built
 * on the first message, so a process that sends none never opens SMTP. Nothing reads global settings.
 */
export function mailerFromSettings(
  settings: Pick<Config, 'DATA_DIR' | 'SMTP_URL'> | (() => Pick<Config, 'DATA_DIR' | 'SMTP_URL'>),
): Mailer {
  let mailer: Mailer | undefined;
  return {
    send(mail) {
      const s = typeof settings === 'function' ? settings() : settings;
      return (mailer ??= createMailer({ dataDir: s.DATA_DIR, smtpUrl: s.SMTP_URL })).send(mail);
    },
  };
}

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

/** Messages in the outbox for an address, newest first. */
export async function readOutbox(dataDir: string, to?: string): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir))
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
  const entries: OutboxEntry[] = [];
  for (const name of names) {
    const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxEntry;
    if (!to || mail.to.toLowerCase() === to.toLowerCase())
      entries.push({ ...mail, file: path.join(dir, name) });
  }
  return entries;
}
