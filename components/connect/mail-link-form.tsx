'use client';

import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useMailConsentLink } from '@/lib/connect/owner-query';
import { LOCALE_TEXT } from '@/lib/connect/scopes';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

const mailResolver = lazyZodResolver(() => import('@/lib/connect/mail-schemas').then((m) => m.mailLinkSchema));

/** E-mails a pending link to the owner, in the link's language, with the organization's face. */
export function MailLinkForm({ org, linkId, locale }: { org: string; linkId: string; locale: string | null }) {
  const form = useForm<{ to: string }>({ resolver: mailResolver, defaultValues: { to: '' } });
  const mail = useMailConsentLink(org, linkId);
  const language = LOCALE_TEXT[locale as keyof typeof LOCALE_TEXT] ?? 'English';
  const send = (values: { to: string }) =>
    mail.mutate(values, {
      onSuccess: (sent) => {
        toast.success(`Link sent to ${sent.mailedTo}.`);
        form.reset({ to: '' });
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.fields?.to) form.setError('to', { message: error.fields.to[0] });
        toast.error(error.message);
      },
    });
  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-2">
      <Field
        id="consent-link-mail-to"
        label="Or e-mail it to the owner"
        type="email"
        autoComplete="off"
        placeholder="owner@example.com"
        hint={`In ${language}, with your organization’s name and logo (Settings) and the expiry time. The link works for one hour: the Vehicle API fixes its lifetime.`}
        {...formField(form, 'to')}
      />
      <SubmitButton variant="secondary" pending={mail.isPending} pendingLabel="Sending…">
        Send by e-mail
      </SubmitButton>
    </form>
  );
}
