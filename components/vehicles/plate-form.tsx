'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/components/list/error-text';
import { Button, SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { VehicleRecord } from '@/lib/vehicles/types';
import { registrationPlateSchema, type RegistrationPlateInput } from '@/lib/vehicles/schemas';
import { useSetRegistrationPlate } from '@/lib/vehicles/query';

/** The plate form: the contract's 1 to 50 characters checked here and again on the server. */
export function PlateForm({ org, vehicle, onDone }: { org: string; vehicle: VehicleRecord; onDone: () => void }) {
  const form = useForm<RegistrationPlateInput>({
    resolver: zodResolver(registrationPlateSchema),
    defaultValues: { registrationPlate: vehicle.registrationPlate ?? '' },
  });
  const save = useSetRegistrationPlate(org, vehicle.id);
  const savePlate = (input: RegistrationPlateInput) =>
    save.mutate(input, {
      onSuccess: ({ vehicle: updated }) => {
        toast.success(`Registration plate set to ${updated.registrationPlate}.`);
        onDone();
      },
      onError: (error) => form.setError('registrationPlate', { message: errorText(error, 'The plate could not be saved.') }),
    });
  return (
    <form onSubmit={form.handleSubmit(savePlate)} className="flex flex-wrap items-start gap-2" aria-label="Change the registration plate">
      <Field
        id="registration-plate"
        label={<span className="sr-only">Registration plate</span>}
        className="min-w-40 flex-1"
        autoFocus
        autoComplete="off"
        error={form.formState.errors.registrationPlate?.message}
        {...form.register('registrationPlate')}
      />
      <SubmitButton size="sm" className="mt-1" pending={save.isPending} pendingLabel="Saving…">
        Save plate
      </SubmitButton>
      <Button variant="secondary" size="sm" className="mt-1" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
