import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting utilities (tailwind-merge did, at ~8 kB of
 * script on every page): a component's base classes and what a caller adds must not set the same
 * property. Where a caller needs another look, the component takes a variant, size or frame prop.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
