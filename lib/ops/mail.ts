import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/env';

/** Where a mail goes out: the transport and the sender. */
export type Mailer = { transport: Transporter; from: string };

let transport: Transporter | undefined;

/** The SMTP transport of `SMTP_URL` with `SMTP_FROM`, or undefined when mail is not configured. */
export function configuredMailer(): Mailer | undefined {
  const { SMTP_URL, SMTP_FROM } = env();
  if (!SMTP_URL || !SMTP_FROM) return undefined;
  transport ??= nodemailer.createTransport(SMTP_URL);
  return { transport, from: SMTP_FROM };
}

/** True when `SMTP_URL` (and so `SMTP_FROM`) is set: links can go by mail. */
export function mailConfigured(): boolean {
  return configuredMailer() !== undefined;
}
