import { describe, expect, it } from 'vitest';
import { figureText, formatDuration } from './figures';

describe('figures as the views write them', () => {
  it('writes a number with its unit, a string that was no number as it came, nothing as a dash', () => {
    expect(figureText(12.5, 'km')).toBe('12.5 km');
    expect(figureText('n/a', 'km')).toBe('n/a');
    expect(figureText('  ', 'km')).toBe('—');
    expect(figureText(null, 'km')).toBe('—');
  });

  it('writes a duration in minutes, or the figure as it came when it was no number', () => {
    expect(formatDuration(65)).toBe('1 h 05 min');
    expect(formatDuration('n/a')).toBe('n/a');
    expect(formatDuration(null)).toBe('—');
  });
});
