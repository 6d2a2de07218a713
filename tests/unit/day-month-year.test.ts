import { describe, expect, it } from 'vitest';
import { fromTyped, toDayMonthYear } from '../../src/lib/day-month-year';

describe('dates of birth typed day/month/year', () => {
  it('shows an ISO date in the card order', () => {
    expect(toDayMonthYear('1988-03-14')).toBe('14/03/1988');
    expect(toDayMonthYear('')).toBe('');
  });

  it('puts the slashes in as the digits come and gives ISO once complete', () => {
    expect(fromTyped('1')).toEqual({ text: '1', value: '1' });
    expect(fromTyped('140')).toEqual({ text: '14/0', value: '14/0' });
    expect(fromTyped('14031988')).toEqual({ text: '14/03/1988', value: '1988-03-14' });
    expect(fromTyped('14/03/19889')).toEqual({ text: '14/03/1988', value: '1988-03-14' });
    expect(fromTyped('14.03.1988')).toEqual({ text: '14/03/1988', value: '1988-03-14' });
  });

  it('takes a pasted or autofilled ISO date as it is', () => {
    expect(fromTyped('1990-04-12')).toEqual({ text: '12/04/1990', value: '1990-04-12' });
  });
});
