import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from '../lib/private-files';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
  /** Where mails go, for the start-up log: "smtp" or the outbox folder. */
  readonly target: string;
}

type Log = (message: string, details: Record<string, unknown>) => void;

/**
 * E-mail through nodemailer (docs/decisions.md#mail-without-a-mail-server): over SMTP when SMTP_URL
 * is set; otherwise each mail is written as one .eml file to DATA_DIR/outbox and logged, so a
 * default run needs no mail server (and the tests read codes and links from there).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Log }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: 'smtp',
      async send(mail) {
        const info = await transport.sendMail({ from: opts.from, ...mail });
        opts.log('mail sent over SMTP', { to: mail.to, messageId: info.messageId });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.promises.mkdir(outbox, { recursive: true, mode: PRIVATE_DIR });
      // Sortable by time, unique without a counter shared between processes.
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
      );
      const tmp = `${file}.tmp`;
      await fs.promises.writeFile(tmp, info.message as Buffer, { mode: PRIVATE_FILE });
      // Renamed into place so a reader never sees half a mail.
      await fs.promises.rename(tmp, file);
      opts.log('mail written to the outbox (SMTP_URL is not set)', { to: mail.to, subject: mail.subject, file });
    },
    close: () => transport.close(),
  };
}
