import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createConsentLink, getConsentLink } from '@/lib/db/repos/consent-links';
import { createOrganization } from '@/lib/db/repos/organizations';
import { uuidv7 } from '@/lib/db/ids';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { mailConsentLink } from './mail-consent-link';
import { updateOwnerFace } from './owner-face';

const HOUR = 3_600_000;

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => inbox?.close());

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`e-mailing a consent link on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const mailer = () => ({ transport: nodemailer.createTransport(inbox.smtpUrl), from: 'Motorpool <noreply@motorpool.test>' });

    async function setup(slug: string, link: { locale: string; expiresAt?: Date; vin?: string }) {
      const org = await createOrganization(t.db, { slug, name: 'Acme Fleet', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const id = uuidv7();
      await createConsentLink(t.db, {
        id,
        organizationId: org.id,
        createdBy: null,
        url: `https://consent.example/${id}`,
        scopes: ['vehicle:telemetry', 'vehicle:commands'],
        expiresAt: link.expiresAt ?? new Date('2030-03-12T13:05:00Z'),
        locale: link.locale,
        vin: link.vin ?? null,
      });
      return { org: { id: org.id, name: org.name }, id };
    }

    it('sends the link in the owner’s language, with the organization’s face and the expiry, and records it', async () => {
      const { org, id } = await setup('mail-de', { locale: 'de-DE' });
      await updateOwnerFace(
        org,
        {
          displayName: 'Fahrzeugpool Nord',
          supportEmail: 'flotte@nord.example',
          supportPhone: '',
          privacyUrl: 'https://nord.example/datenschutz',
        },
        t.db,
      );
      const sent = await mailConsentLink(org, id, { to: `halter-${leg.kind}@example.de` }, t.db, mailer());
      const mail = await inbox.nextTo(`halter-${leg.kind}@example.de`);
      expect(mail.subject).toBe('Fahrzeugpool Nord: Ihr Fahrzeug verbinden');
      expect(mail.text).toContain('Guten Tag,');
      expect(mail.text).toContain('Fahrzeugpool Nord bittet um Zugriff auf Daten Ihrer Fahrzeuge.');
      expect(mail.text).toContain(`https://consent.example/${id}`);
      expect(mail.text).toContain('bis 12. März 2030 um 14:05 gültig');
      expect(mail.text).toContain('- aktuelle Daten lesen');
      expect(mail.text).toContain('- Fernbefehle senden');
      expect(mail.text).toContain('Wenden Sie sich an Fahrzeugpool Nord: flotte@nord.example');
      expect(mail.text).toContain('Datenschutzhinweise: https://nord.example/datenschutz');
      expect(mail.text).not.toContain('Acme Fleet');
      expect(await getConsentLink(t.db, org.id, id)).toMatchObject({
        mailedTo: `halter-${leg.kind}@example.de`,
        mailedAt: new Date(sent.mailedAt),
      });
    });

    it('speaks French or Dutch for links in those languages, and names the organization without a face', async () => {
      for (const [slug, locale, to, subject, expiry] of [
        ['mail-fr', 'fr-FR', `proprio-${leg.kind}@example.fr`, 'Acme Fleet : connecter votre véhicule', 'jusqu’au 12 mars 2030 à 14:05'],
        ['mail-nl', 'nl-NL', `eigenaar-${leg.kind}@example.nl`, 'Acme Fleet: uw voertuig koppelen', 'tot 12 maart 2030 om 14:05'],
      ] as const) {
        const { org, id } = await setup(`${slug}-${leg.kind}`, { locale, vin: 'WVWZZZ1JZXW000001' });
        await mailConsentLink(org, id, { to }, t.db, mailer());
        const mail = await inbox.nextTo(to);
        expect(mail.subject).toBe(subject);
        expect(mail.text).toContain(expiry);
        expect(mail.text).toContain(`https://consent.example/${id}`);
      }
    });

    it('refuses a link that has expired, and says so when mail is not set up, sending nothing', async () => {
      const { org, id } = await setup('mail-expired', { locale: 'en-GB', expiresAt: new Date(Date.now() - HOUR) });
      await expect(mailConsentLink(org, id, { to: 'late@example.com' }, t.db, mailer())).rejects.toMatchObject({ code: 'CONFLICT' });
      const fresh = await setup('mail-unset', { locale: 'en-GB' });
      await expect(mailConsentLink(fresh.org, fresh.id, { to: 'nomail@example.com' }, t.db, undefined)).rejects.toMatchObject({
        code: 'MAIL_UNAVAILABLE',
        status: 503,
      });
      expect(inbox.countTo('late@example.com') + inbox.countTo('nomail@example.com')).toBe(0);
      expect((await getConsentLink(t.db, fresh.org.id, fresh.id))?.mailedAt).toBeNull();
    });
  });
}
