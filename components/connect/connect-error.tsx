import { CONNECT_ERROR_TEXT } from '@/lib/connect/explain';
import { ApiClientError } from '@/lib/query/api-fetch';
import { ErrorState } from '@/components/ui/error-state';

/** Why no link was created: what happened and what to do, with the code and request id for support. */
export function ConnectError({ error }: { error: unknown }) {
  const known = error instanceof ApiClientError ? CONNECT_ERROR_TEXT[error.code] : undefined;
  return (
    <ErrorState error={error} title={known?.title ?? 'The link could not be created'} message={known?.what}>
      {known ? (
        <p>
          <span className="font-medium">What to do: </span>
          {known.nextStep}
        </p>
      ) : null}
    </ErrorState>
  );
}
