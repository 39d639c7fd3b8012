import { formatNaira, formatSignedNaira, formatWholeNaira, parseNairaInput } from './money';

describe('money on screen', () => {
  it('shows naira with 2 decimals and thousands separators', () => {
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(40000)).toBe('₦40,000.00');
  });

  it('signs amounts for lists whatever the sign of the number', () => {
    expect(formatSignedNaira(500, '+')).toBe('+₦500.00');
    expect(formatSignedNaira(-2000, '-')).toBe('-₦2,000.00');
  });

  it('shows whole naira for minimums', () => {
    expect(formatWholeNaira(2000)).toBe('₦2,000');
  });

  it('reads typed amounts, refusing what is not a valid amount', () => {
    expect(parseNairaInput('2,000.50')).toBe(2000.5);
    expect(parseNairaInput('₦ 40000')).toBe(40000);
    expect(parseNairaInput('')).toBeNull();
    expect(parseNairaInput('12.345')).toBeNull();
    expect(parseNairaInput('-5')).toBeNull();
    expect(parseNairaInput('abc')).toBeNull();
  });
});
