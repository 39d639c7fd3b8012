import { formatNaira, formatSignedNaira } from '../../shared/money';

/** A posting's amount with its sign: credits (+) in green, debits (-) plain. */
export function SignedAmount({ amount }: { amount: number }) {
  const text =
    amount < 0
      ? formatSignedNaira(amount, '-')
      : amount > 0
        ? formatSignedNaira(amount, '+')
        : formatNaira(0);
  return (
    <span
      className={`kobo-finance-journal-amount ${amount < 0 ? 'kobo-finance-journal-debit' : 'kobo-finance-journal-credit'}`}
    >
      {text}
    </span>
  );
}
