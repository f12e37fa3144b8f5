import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mailer {
  sendResetCode(to: string, code: string, validMinutes: number): Promise<void>;
}

/**
 * Sends reset codes by SMTP when `SMTP_URL` is set; otherwise writes them to the API log, which is how the
 * embedded demo and the end-to-end tests read them.
 */
export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      async sendResetCode(to, code, validMinutes) {
        log.info({ to }, `Password reset code for ${to}: ${code} (valid ${validMinutes} minutes)`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendResetCode(to, code, validMinutes) {
      await transport.sendMail({
        from,
        to,
        subject: 'Your Campus Administration System reset code',
        text: `Your password reset code is ${code}. It is valid for ${validMinutes} minutes and works once.\n\nIf you did not ask for it, ignore this message.`,
      });
    },
  };
}
