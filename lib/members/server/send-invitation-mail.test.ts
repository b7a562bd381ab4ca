import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import { sendInvitationMail } from './send-invitation-mail';

const mail = {
  to: 'new@example.com',
  organizationName: 'Demo Fleet',
  role: 'manager',
  inviteUrl: 'https://motorpool.example/invite/abc',
  expiresAt: new Date('2026-01-08T00:00:00Z'),
};

describe('invitation mail', () => {
  it('sends the link, the organization and the expiry through the transport (no network: jsonTransport)', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent = vi.spyOn(transport, 'sendMail');
    expect(await sendInvitationMail(mail, { transport, from: 'Motorpool <noreply@motorpool.example>' })).toBe(true);
    const info = (await sent.mock.results[0].value) as { message: string };
    const message = JSON.parse(info.message) as {
      from: { address: string };
      to: Array<{ address: string }>;
      subject: string;
      text: string;
    };
    expect(message.from.address).toBe('noreply@motorpool.example');
    expect(message.to[0].address).toBe('new@example.com');
    expect(message.subject).toContain('Demo Fleet');
    expect(message.text).toContain('https://motorpool.example/invite/abc');
    expect(message.text).toContain('as manager');
    expect(message.text).toContain('Thu, 08 Jan 2026');
  });

  it('reports a failing server as not mailed instead of failing the invitation', async () => {
    const failing = nodemailer.createTransport({ jsonTransport: true });
    vi.spyOn(failing, 'sendMail').mockRejectedValue(new Error('connection refused'));
    const log = captureLog();
    expect(await sendInvitationMail(mail, { transport: failing, from: 'a@b.c' })).toBe(false);
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'members.invitation_mail_failed' }));
    log.restore();
  });
});
