'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/query/api-fetch';
import { useCreateWebhookEndpoint } from '@/lib/notifications/webhook-query';
import { webhookEndpointInputSchema, type WebhookEndpointInput } from '@/lib/notifications/webhook-schemas';

/** The new endpoint's fields (none is for the browser to fill in). */
const FIELDS = [
  {
    name: 'url',
    id: 'webhook-endpoint-url',
    label: 'URL',
    type: 'url',
    placeholder: 'https://hooks.example.com/motorpool',
    hint: 'https, to an address on the internet (the operator can allow internal hosts).',
  },
  { name: 'description', id: 'webhook-endpoint-description', label: 'Description', placeholder: 'Dispatch system' },
] as const;

/** An admin's form for a new endpoint; the secret the server makes is handed to `onCreated`, to show once. */
export function WebhookEndpointForm({ org, onCreated }: { org: string; onCreated: (created: { url: string; secret: string }) => void }) {
  const create = useCreateWebhookEndpoint(org);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', description: '' },
  });
  const submit = (values: WebhookEndpointInput) =>
    create.mutate(values, {
      onSuccess: (result) => {
        onCreated({ url: result.endpoint.url, secret: result.secret });
        toast.success('Webhook endpoint added.');
        form.reset();
      },
      onError: (error) => {
        for (const [path, messages] of Object.entries(error instanceof ApiClientError ? (error.fields ?? {}) : {})) {
          if (path === 'url' || path === 'description') form.setError(path, { message: messages[0] });
        }
        toast.error(error.message);
      },
    });
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3" aria-labelledby="new-webhook-endpoint-heading">
      <h3 id="new-webhook-endpoint-heading" className="text-sm font-semibold">
        New endpoint
      </h3>
      {FIELDS.map(({ name, ...field }) => (
        <Field key={name} {...field} autoComplete="off" {...formField(form, name)} />
      ))}
      <SubmitButton pending={create.isPending} pendingLabel="Adding…">
        Add endpoint
      </SubmitButton>
    </form>
  );
}
