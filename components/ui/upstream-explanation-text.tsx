import { ExplainedWords } from '@/components/ui/explained-words';
import { explainUpstreamError } from '@/lib/contract/upstream-error-text';

/**
 * An upstream error code in the catalog's plain words with its next step, then the service's own
 * text; a code the catalog does not know is shown in the service's words alone.
 */
export function UpstreamExplanationText({ code, serviceSaid }: { code: string; serviceSaid: string }) {
  const words = explainUpstreamError(code);
  if (!words) return <p>{serviceSaid}</p>;
  return (
    <>
      <ExplainedWords words={words} />
      <p className="text-xs break-words">The Vehicle API said: “{serviceSaid}”</p>
    </>
  );
}
