/** Double-entry checks over the log itself: each event balances, and so does the whole ledger. */
import type { RecordedEvent } from '@kobo/ledger';

export class PostingsAudit {
  events = 0;
  moneyEvents = 0;
  postings = 0;
  total = 0;
  readonly unbalanced: { position: number; eventId: string; sum: number }[] = [];
  readonly accounts = new Set<string>();

  observe(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      this.events++;
      const postings = (event.data as { postings?: unknown } | null)?.postings;
      if (!Array.isArray(postings) || !postings.length) continue;
      this.moneyEvents++;
      let sum = 0;
      let wellFormed = true;
      for (const posting of postings as { account?: unknown; amount?: unknown }[]) {
        this.postings++;
        if (typeof posting.account !== 'string' || !Number.isSafeInteger(posting.amount)) wellFormed = false;
        const amount = Number(posting.amount);
        sum += amount;
        this.total += amount;
        this.accounts.add(String(posting.account));
      }
      if (sum !== 0 || !wellFormed)
        this.unbalanced.push({
          position: event.globalPosition,
          eventId: event.id,
          sum: wellFormed ? sum : NaN,
        });
    }
  }
}
