/**
 * The browser's half of step-up (lib/auth/dangerous-actions.ts): when an API call answers
 * STEP_UP_REQUIRED, apiFetch asks the prompt mounted once for the whole console (the second factor,
 * else the password), then repeats the request once. No page wires anything. The server's refusal is
 * the protection; this only makes it friendly.
 */
export type StepUpMethodsView = { code: boolean; passkey: boolean; password: boolean };
export type StepUpRequest = {
  /** The organization (slug) the proof is for: it counts for that one only. */
  organization: string;
  methods: StepUpMethodsView;
  /** The server's words for what is being confirmed. */
  message: string;
};
type Prompt = (request: StepUpRequest) => Promise<boolean>;

let prompt: Prompt | null = null;
/** Requests refused at once share one prompt: a person confirms once, then each is repeated. */
let asking: { organization: string; answer: Promise<boolean> } | null = null;

/** Mounts the prompt; answers the function that unmounts it. */
export function registerStepUpPrompt(next: Prompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** The refusal's details as the server sends them (lib/bff/step-up.ts), or null when they are not. */
export function readStepUpRequest(details: unknown, message: string): StepUpRequest | null {
  if (!details || typeof details !== 'object') return null;
  const { organization, methods } = details as { organization?: unknown; methods?: Record<string, unknown> };
  if (typeof organization !== 'string' || !methods || typeof methods !== 'object') return null;
  return {
    organization,
    message,
    methods: { code: methods.code === true, passkey: methods.passkey === true, password: methods.password === true },
  };
}

/** Whether a prompt is mounted (none outside the console's pages): without one the refusal stands as it came. */
export function stepUpPromptMounted(): boolean {
  return prompt !== null;
}

/** True once the person proved themselves; false when they cancelled. */
export function askForStepUp(request: StepUpRequest): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  if (asking?.organization === request.organization) return asking.answer;
  const answer = prompt(request).finally(() => {
    if (asking?.answer === answer) asking = null;
  });
  asking = { organization: request.organization, answer };
  return answer;
}

/** What a cancelled prompt leaves the person with: the action was not done, and why. */
export const STEP_UP_CANCELLED_MESSAGE = 'Not done: this action needs you to confirm it is you, and the confirmation was cancelled.';
