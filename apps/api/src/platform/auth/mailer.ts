import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/outbox.js';

/** A header line may not hold a line break: a value with one could add headers or a body of its own. */
const headerValue = z.string().max(998).regex(/^[^\r\n]*$/, 'A header value cannot hold a line break.');

/** One outgoing message: what every feature that sends mail gives `Mailer.send`. */
export const MailMessageSchema = z
  .object({
    to: z.string().trim().email().max(254),
    subject: headerValue.min(1),
    text: z.string().min(1).max(100_000),
    html: z.string().max(500_000).optional(),
    /** Extra headers (e.g. `List-Unsubscribe`); names are RFC 5322 field names. */
    headers: z.record(z.string().regex(/^[!-9;-~]{1,76}$/, 'Not a header name.'), headerValue).optional(),
  })
  .strict();
export type MailMessage = z.infer<typeof MailMessageSchema>;

export interface Mailer {
  /** Sends the message by SMTP, or keeps it in the outbox when no SMTP server is configured. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /** Where the outbox is (used without SMTP). */
  readonly db: Db;
  /** The clock of the outbox's `created_at`. */
  readonly now: () => Date;
}

/**
 * The API's one way to send mail. With `SMTP_URL` it sends through nodemailer; without, it stores the message in
 * the `outbox` table, which an IAM administrator reads in the console — never in the log, which would spread
 * reset codes to whoever reads logs.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        const m = MailMessageSchema.parse(message);
        await options.db.insert(outbox).values({
          recipient: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          headers: m.headers ?? null,
          createdAt: options.now(),
        });
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      const m = MailMessageSchema.parse(message);
      // A thread's own Message-ID goes to nodemailer as the message id, not as a second header.
      const { ['Message-ID']: messageId, ...headers } = m.headers ?? {};
      await transport.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(messageId ? { messageId } : {}),
      });
    },
  };
}

/** The message that carries a password reset code. */
export function resetCodeMessage(to: string, code: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Campus Administration System reset code',
    text: `Your password reset code is ${code}. It is valid for ${validMinutes} minutes and works once.\n\nIf you did not ask for it, ignore this message.`,
  };
}

/** The message shape other areas name (`support`): the same as `MailMessage`. */
export type OutgoingMail = MailMessage;
