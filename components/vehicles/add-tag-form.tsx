'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { tagLabel } from '@/lib/vehicles/tags';
import { ApiClientError } from '@/lib/query/api-fetch';
import { errorText } from '@/components/list/error-text';
import { tagInputSchema, type TagInput } from '@/lib/vehicles/schemas';
import { TAG_LIMIT } from '@/lib/contract/limits';
import { TagDatalists } from './tag-filter';
import { useAddTag, type TagTarget } from '@/lib/vehicles/tag-query';
import { useTagsSeen } from '@/lib/vehicles/tags-seen-query';

/** Add-a-tag form, shared by vehicles and accounts (an account's tag goes to each of its vehicles). */
export function AddTagForm({ org, target, idPrefix }: { org: string; target: TagTarget; idPrefix: string }) {
  const seen = useTagsSeen(org);
  const form = useForm<TagInput>({ resolver: zodResolver(tagInputSchema), defaultValues: { key: '', value: '' } });
  const add = useAddTag(org, target);
  const addTag = (input: TagInput) =>
    add.mutate(input, {
      onSuccess: ({ tag }) => {
        toast.success(`Tag ${tagLabel(tag)} added.`);
        form.reset({ key: '', value: '' });
      },
      onError: (error) => {
        const fields = error instanceof ApiClientError ? error.fields : undefined;
        if (fields?.key) form.setError('key', { message: fields.key[0] });
        if (fields?.value) form.setError('value', { message: fields.value[0] });
        if (!fields?.key && !fields?.value) form.setError('root', { message: errorText(error) });
      },
    });
  const { errors } = form.formState;
  const keyText = useWatch({ control: form.control, name: 'key' });
  return (
    <form onSubmit={form.handleSubmit(addTag)} aria-label="Add a tag" className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <Field
          id={`${idPrefix}-key`}
          label="Tag key"
          list={`${idPrefix}-keys`}
          autoComplete="off"
          hint={`Up to ${TAG_LIMIT} characters`}
          {...formField(form, 'key')}
        />
        <Field id={`${idPrefix}-value`} label="Tag value" list={`${idPrefix}-values`} autoComplete="off" {...formField(form, 'value')} />
        <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
          <Plus aria-hidden className="h-4 w-4" /> {add.isPending ? 'Adding…' : 'Add tag'}
        </Button>
      </div>
      <TagDatalists idPrefix={idPrefix} tags={seen.data?.tags ?? []} keyText={keyText?.trim() ?? ''} />
      {errors.root ? <FormError>{errors.root.message}</FormError> : null}
    </form>
  );
}
