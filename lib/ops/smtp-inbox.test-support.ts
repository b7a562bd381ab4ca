import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free loopback port that keeps what it receives, for tests that send
 * mail through nodemailer (unit tests, and e2e specs whose console gets its `smtpUrl`). Plain
 * SMTP without authentication: no STARTTLS offered, so no certificate to trust.
 */
export type SmtpInbox = {
  smtpUrl: string;
  messages: ParsedMail[];
  /** The first message to `to` after the `skip` earlier ones, waiting up to `timeoutMs` for it. */
  nextTo(to: string, options?: { skip?: number; timeoutMs?: number }): Promise<ParsedMail>;
  /** Messages received for `to` so far. */
  countTo(to: string): number;
  close(): Promise<void>;
};

const addressedTo = (message: ParsedMail, to: string) => {
  const groups = Array.isArray(message.to) ? message.to : message.to ? [message.to] : [];
  return groups.some((group) => group.value.some((entry) => entry.address?.toLowerCase() === to.toLowerCase()));
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const countTo = (to: string) => messages.filter((m) => addressedTo(m, to)).length;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    countTo,
    async nextTo(to, { skip = 0, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => addressedTo(m, to))[skip];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} (after ${skip} earlier) within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
