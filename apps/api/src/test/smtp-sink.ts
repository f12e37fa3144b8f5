import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server on a free port that keeps every message it receives, parsed, and when each began to arrive
 * (`arrivals[i]`, milliseconds of `performance.now()`, for `messages[i]`).
 */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: ParsedMail[];
  arrivals: number[];
  close(): Promise<void>;
  waitFor(count: number): Promise<ParsedMail[]>;
}> {
  const messages: ParsedMail[] = [];
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const arrived = performance.now();
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          arrivals.push(arrived);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async waitFor(count) {
      for (let i = 0; i < 100 && messages.length < count; i++) await new Promise((r) => setTimeout(r, 50));
      return messages;
    },
  };
}
