import { formatNaira, formatSignedNaira } from '../money';

/** An amount as the server gave it, in naira: '₦1,234.50', or signed for lists. */
export function Money({ amount, sign }: { amount: number; sign?: '+' | '-' }) {
  const text = sign ? formatSignedNaira(amount, sign) : formatNaira(amount);
  const tone = sign === '+' ? ' kobo-credit' : sign === '-' ? ' kobo-debit' : '';
  return <span className={`kobo-money${tone}`}>{text}</span>;
}
