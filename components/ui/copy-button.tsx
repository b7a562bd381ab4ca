'use client';

import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={copied ? 'Copied' : label}
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
    </Button>
  );
}

/** VINs and ids: monospace, with a copy button. */
export function Mono({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-sm">{value}</span>
      <CopyButton value={value} label={`Copy ${value}`} />
    </span>
  );
}
