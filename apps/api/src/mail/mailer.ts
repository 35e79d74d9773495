import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { kind: 'outbox' | 'smtp'; send(mail: Mail): Promise<void> };

const mailFrom = 'Auscura <no-reply@auscura.example>';

/** RFC 2047 encoding for a header value that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
}

/**
 * The mail adapter (DESIGN.md): .eml files in DATA_DIR/outbox by default, listed in the log,
 * or SMTP through nodemailer when SMTP_URL is set.
 */
export async function createMailer(options: {
  dataDir: string;
  smtpUrl?: string;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  if (options.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: mailFrom, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      await fs.mkdir(outbox, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
      const file = path.join(outbox, `${id}.eml`);
      const eml = [
        `From: ${mailFrom}`,
        `To: ${mail.to}`,
        `Subject: ${encodeHeader(mail.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${id}@auscura.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        mail.text,
        '',
      ].join('\r\n');
      await fs.writeFile(file, eml, { mode: 0o600 });
      // The file name only: the recipient address is personal data.
      options.log.info({ outbox: path.basename(file) }, 'mail written to outbox');
    },
  };
}
