import { describe, expect, it } from 'vitest';
import { keepDecimal, wholeNumberUpTo } from './estimate-dialog.tsx';

describe('the estimate dialog’s number fields', () => {
  it.each([
    ['', 7, ''],
    ['0', 7, ''],
    ['5', 7, '5'],
    ['9', 7, '7'],
    ['a3', 7, '3'],
    ['46', 52, '46'],
    ['99', 52, '52'],
    ['123', 52, '12'],
  ])('wholeNumberUpTo(%j, %i) is %j', (typed, max, shown) => {
    expect(wholeNumberUpTo(typed, max)).toBe(shown);
  });

  it('keeps one decimal point and the digits', () => {
    expect(keepDecimal('12.5.3x')).toMatch(/^12\.5/);
  });
});
