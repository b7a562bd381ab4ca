'use client';

import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Button, SubmitButton } from '@/components/ui/button';
import { QuerySectionCard } from '@/components/ui/query-state';
import { Field, SecretField, SelectField } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { ErrorState } from '@/components/ui/states';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import type { CredentialsInput } from '@/lib/settings/schemas';
import { useSaveCredentials, useSettings, useTestConnection } from '@/lib/settings/query';

const credentialsResolver = lazyZodResolver(() => import('@/lib/settings/schemas').then((m) => m.credentialsSchema));

export function CredentialsPanel({ org }: { org: string }) {
  const canWrite = useCan('settings.write');
  const settings = useSettings(org);
  const saveCredentials = useSaveCredentials(org);
  const test = useTestConnection(org);

  const form = useForm<CredentialsInput>({ resolver: credentialsResolver });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) {
      reset({
        environment: settings.data.environment,
        baseUrl: settings.data.baseUrl ?? '',
        clientId: settings.data.clientId,
        clientSecret: '',
      });
    }
  }, [settings.data, reset]);

  const save = (values: CredentialsInput) =>
    saveCredentials.mutate(values, {
      onSuccess: () => toast.success('Credentials saved. The secret is stored encrypted and will not be shown again.'),
      onError: (error) => {
        if (error instanceof ApiClientError && error.fields) {
          for (const [name, messages] of Object.entries(error.fields)) {
            form.setError(name as keyof CredentialsInput, { message: messages[0] });
          }
        }
        toast.error(error.message);
      },
    });

  const environment = useWatch({ control: form.control, name: 'environment' });

  const testOutcome = (
    <>
      <div aria-live="polite">
        {test.isSuccess ? (
          <div className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            <p className="font-semibold">Connection works.</p>
            <p className="break-words">
              Client id <span className="font-mono">{test.data.clientId}</span>, organization{' '}
              <span className="font-mono">{test.data.organizationId}</span> ({Math.round(test.data.durationMs)} ms
              {test.data.requestId ? `, request id ${test.data.requestId}` : ''}).
            </p>
          </div>
        ) : test.isError ? (
          <ErrorState error={test.error} title="The connection test failed" />
        ) : null}
      </div>
    </>
  );

  return (
    <QuerySectionCard
      id="api-heading"
      title="Vehicle API connection"
      description="The organization’s client credentials. They never leave the server."
      query={settings}
      loading="Loading settings"
      after={testOutcome}
    >
      {(data) =>
        canWrite ? (
          <form method="post" onSubmit={form.handleSubmit(save)} noValidate className="space-y-4">
            <SelectField id="environment" label="Environment" {...form.register('environment')}>
              {data.embeddedAvailable ? <option value="embedded">Embedded sandbox (demo data)</option> : null}
              <option value="custom">Vehicle API at a base URL</option>
            </SelectField>
            {environment === 'custom' ? (
              <Field id="baseUrl" label="Base URL" placeholder="https://api.example.com" {...formField(form, 'baseUrl')} />
            ) : null}
            <Field id="clientId" label="Client id" autoComplete="off" {...formField(form, 'clientId')} />
            <SecretField
              id="clientSecret"
              label="Client secret"
              placeholder="•••••••• stored"
              hint="Leave empty to keep the stored secret (required again when the base URL changes). It is never shown again after saving."
              {...formField(form, 'clientSecret')}
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton pending={saveCredentials.isPending} pendingLabel="Saving…">
                Save credentials
              </SubmitButton>
              <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
                {test.isPending ? 'Testing…' : 'Test connection'}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Environment</dt>
            <dd>{data.environment === 'embedded' ? 'Embedded sandbox' : data.baseUrl}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Client id</dt>
            <dd className="font-mono">{data.clientId}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Client secret</dt>
            <dd>stored, not shown</dd>
          </dl>
        )
      }
    </QuerySectionCard>
  );
}
