import { describe, expect, it } from 'vitest';
import { figureText } from '@/lib/format/figures';
import { serviceStatusLook, serviceTypeLabel } from './services';

describe('maintenance services', () => {
  it('labels the published service types and shows any other as it came', () => {
    expect(serviceTypeLabel('FULL_SERVICE')).toBe('Full service');
    expect(serviceTypeLabel('HEALTH_CHECK')).toBe('Health check');
    expect(serviceTypeLabel('STATUTORY')).toBe('Statutory inspection');
    expect(serviceTypeLabel('OIL_CHANGE')).toBe('Oil change');
    expect(serviceTypeLabel('BRAKE_FLUID_CHANGE')).toBe('BRAKE_FLUID_CHANGE');
    expect(serviceTypeLabel(null)).toBe('Service');
  });

  it('labels the published statuses with a tone and shows any other raw, in grey', () => {
    expect(serviceStatusLook('PENDING')).toEqual({ tone: 'pending', text: 'Due' });
    expect(serviceStatusLook('NO_SERVICE_DUE')).toEqual({ tone: 'success', text: 'Nothing due' });
    expect(serviceStatusLook('IN_SERVICE').text).toBe('In service');
    expect(serviceStatusLook('NOT_IN_SERVICE_UNKNOWN_IF_DUE').text).toBe('Unknown if due');
    expect(serviceStatusLook('OVERDUE_SOMEHOW')).toEqual({ tone: 'neutral', text: 'OVERDUE_SOMEHOW' });
  });

  it('shows a figure as a number with its unit, and one that was no number as it came', () => {
    expect(figureText(12500, 'km', 0)).toMatch(/^12[,. ]?500 km$/);
    expect(figureText('about 12000', 'km', 0)).toBe('about 12000');
    expect(figureText(null, 'km')).toBe('—');
  });
});
