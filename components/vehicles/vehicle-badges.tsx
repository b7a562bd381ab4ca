import { StatusBadge } from '@/components/ui/status-badge';

export function ListeningBadge({ value }: { value: boolean | null | undefined }) {
  if (value === true) return <StatusBadge tone="success">Listening</StatusBadge>;
  if (value === false) return <StatusBadge tone="neutral">Not listening</StatusBadge>;
  return <StatusBadge tone="neutral">Unknown</StatusBadge>;
}

const CONNECTION = {
  CONNECTED: { tone: 'success', label: 'Connected' },
  PENDING_CONNECTION: { tone: 'pending', label: 'Pending' },
  DISCONNECTED: { tone: 'danger', label: 'Disconnected' },
} as const;

export function ConnectionBadge({ value }: { value: string | null | undefined }) {
  const known = value ? CONNECTION[value as keyof typeof CONNECTION] : undefined;
  return <StatusBadge tone={known?.tone ?? 'neutral'}>{known?.label ?? value ?? 'Unknown'}</StatusBadge>;
}
