/**
 * The history search: every word typed must appear in what the row shows (its label, status,
 * amount or date) or in its title, in any case and order: 'withdrawal pending' finds pending
 * withdrawals, '2000' finds ₦2,000.00.
 */
import type { Transaction } from '../../shared/api/account';
import { formatNaira } from '../../shared/money';
import { describeTransaction } from '../../shared/transactions';

export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function searchText(transaction: Transaction): string {
  const shown = describeTransaction(transaction);
  const amount = formatNaira(shown.amount);
  return [shown.label, transaction.title, shown.status, amount, amount.replace(/[₦,]/g, ''), shown.date]
    .join(' ')
    .toLowerCase();
}

export function filterTransactions(transactions: readonly Transaction[], query: string): Transaction[] {
  const words = searchWords(query);
  if (words.length === 0) return [...transactions];
  return transactions.filter((transaction) => {
    const text = searchText(transaction);
    return words.every((word) => text.includes(word));
  });
}
