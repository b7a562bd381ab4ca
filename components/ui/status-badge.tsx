import { CircleAlert, CircleCheck, CircleDashed, CircleHelp, Clock } from 'lucide-react';
import type { Tone } from '@/lib/tone';
import { cn } from './cn';

const TONES: Record<Tone, { className: string; Icon: typeof CircleCheck }> = {
  success: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200', Icon: CircleCheck },
  pending: { className: 'bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200', Icon: Clock },
  danger: { className: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200', Icon: CircleAlert },
  neutral: { className: 'bg-zinc-100 text-zinc-700 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-200', Icon: CircleHelp },
  info: { className: 'bg-sky-50 text-sky-800 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-200', Icon: CircleDashed },
};

/** `icon` replaces the tone's icon where a more specific one says more (a padlock for locks). */
export function StatusBadge({
  tone,
  children,
  className,
  icon,
}: {
  tone: Tone;
  children: React.ReactNode;
  className?: string;
  icon?: typeof CircleCheck;
}) {
  const { className: toneClass, Icon: ToneIcon } = TONES[tone];
  const Icon = icon ?? ToneIcon;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', toneClass, className)}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {children}
    </span>
  );
}
