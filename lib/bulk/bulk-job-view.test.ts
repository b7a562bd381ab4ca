import { describe, expect, it } from 'vitest';
import { bulkActionPermission, bulkCommandName, bulkProgress, describeBulkAction, listCountsText, pageCountsText } from './bulk-job-view';

describe('bulk action wording and rules', () => {
  it('names the action and the count as the confirmation says them', () => {
    expect(describeBulkAction('tag.add', { key: 'depot', value: 'north' }, 30)).toBe('Add the tag depot: north to 30 vehicles');
    expect(describeBulkAction('tag.remove', { key: 'depot', value: 'north' }, 1)).toBe('Remove the tag depot: north from 1 vehicle');
    expect(describeBulkAction('listening.off', null, 12)).toBe('Turn listening off for 12 vehicles');
    expect(describeBulkAction('command', null, 10, 'Lock doors')).toBe('Send Lock doors to 10 vehicles');
    expect(describeBulkAction('command', null, 3, bulkCommandName('Set charge limit', { limit: 80 }))).toBe(
      'Send Set charge limit (limit 80) to 3 vehicles',
    );
    expect(bulkCommandName('Set temperature', { driverTemperature: 21, passengerTemperature: 20.5 })).toBe(
      'Set temperature (driverTemperature 21, passengerTemperature 20.5)',
    );
    expect(bulkCommandName('Lock doors', {})).toBe('Lock doors');
  });

  it('asks for the permission of the single action it repeats', () => {
    expect(bulkActionPermission('tag.add')).toBe('tags.write');
    expect(bulkActionPermission('listening.on')).toBe('listening.write');
    expect(bulkActionPermission('command')).toBe('commands.send');
  });

  it('counts decided vehicles as progress', () => {
    expect(bulkProgress({ total: 30, counts: { pending: 15, done: 10, skipped: 3, failed: 1, unknown: 1 } })).toBe(50);
    expect(bulkProgress({ total: 0, counts: { pending: 0, done: 0, skipped: 0, failed: 0, unknown: 0 } })).toBe(100);
  });

  it('says the rows whose outcome is unknown apart from the failed ones, on the list and on the job’s page', () => {
    const counts = { pending: 3, done: 4, skipped: 0, failed: 2, unknown: 1 };
    expect(listCountsText(counts)).toBe('4 done · 2 failed · 1 outcome unknown · 0 skipped · 3 waiting');
    expect(pageCountsText(counts, 10)).toBe('4 done · 0 skipped · 2 failed · 1 outcome unknown · 3 waiting, of 10');
    // None unknown (every tag or listening job): the words stay as they were.
    const none = { ...counts, pending: 0, unknown: 0, done: 8 };
    expect(listCountsText(none)).toBe('8 done · 2 failed · 0 skipped');
    expect(pageCountsText(none, 10)).toBe('8 done · 0 skipped · 2 failed · 0 waiting, of 10');
  });
});
