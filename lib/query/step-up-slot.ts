/**
 * Where the console's step-up prompt is mounted (components/profile/step-up-prompt.tsx). Apart
 * from the rest of step-up (./step-up.ts), which apiFetch loads only when a refusal comes, so every
 * page's first load carries just this.
 */
export type StepUpMethodsView = { code: boolean; passkey: boolean; password: boolean };
export type StepUpRequest = {
  /** The organization (slug) the proof is for: it counts for that one only. */
  organization: string;
  methods: StepUpMethodsView;
  /** The server's words for what is being confirmed. */
  message: string;
};
export type StepUpPrompt = (request: StepUpRequest) => Promise<boolean>;

let prompt: StepUpPrompt | null = null;

/** Mounts the prompt; answers the function that unmounts it. */
export function registerStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** The mounted prompt; none outside the console's pages. */
export function mountedStepUpPrompt(): StepUpPrompt | null {
  return prompt;
}
