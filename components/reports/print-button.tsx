'use client';

import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function PrintButton() {
  return (
    <Button size="sm" variant="secondary" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden className="h-4 w-4" />
      Print
    </Button>
  );
}
