import type { Explanation } from '@/lib/contract/upstream-error-text';

/** A catalog explanation (lib/contract) as people read it: what happened, then what to do. */
export function ExplainedWords({ words }: { words: Explanation }) {
  return (
    <>
      <p>
        <span className="font-medium">{words.title}.</span> {words.what}
      </p>
      <p>
        <span className="font-medium">What to do: </span>
        {words.nextStep}
      </p>
    </>
  );
}
