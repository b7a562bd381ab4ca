import { describe, expect, it } from 'vitest';
import { isListResetCode, RESET_MESSAGES, resetUpdateFor } from './list-reset';

describe('list resets', () => {
  it('starts an expired page token again from the first page, keeping filter and size, and says so', () => {
    expect(isListResetCode('QUERY_PAGE_TOKEN_EXPIRED')).toBe(true);
    const update = resetUpdateFor('QUERY_PAGE_TOKEN_EXPIRED');
    expect(update).toEqual({ pages: null, reset: 'QUERY_PAGE_TOKEN_EXPIRED' });
    expect(update).not.toHaveProperty('filter');
    expect(update).not.toHaveProperty('size');
    expect(RESET_MESSAGES.QUERY_PAGE_TOKEN_EXPIRED).toMatch(/first page again, with the same filter/);
  });

  it('drops the page size only when the size was refused', () => {
    expect(resetUpdateFor('PAGE_SIZE_TOO_LARGE')).toHaveProperty('size', null);
    expect(resetUpdateFor('PAGINATED_QUERY_FILTER_CHANGED')).not.toHaveProperty('size');
  });

  it('leaves other errors to the error state', () => {
    expect(isListResetCode('SERVER_ERROR')).toBe(false);
    expect(isListResetCode(null)).toBe(false);
  });
});
