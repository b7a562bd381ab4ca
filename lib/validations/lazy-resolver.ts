import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from './zod';

/**
 * `zodResolver(schema)` for a form that is on screen from the start, with the schema, zod and the
 * resolver imported on the first validation, that is the first submit: nobody waits for
 * validation code before they have typed anything. Same checks, same messages. A failed import
 * is retried on the next submit.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodMiniType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return (await ready)(values, context, options);
  };
}
