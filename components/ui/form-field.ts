import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * A form field's registration and its error message, named once: `<Field id="email" label="Email"
 * {...formField(form, 'email')} />`. Passing the form state subscribes the field to its errors.
 */
export function formField<T extends FieldValues, N extends FieldPath<T>>(
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}
