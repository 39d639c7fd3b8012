/** The personal values a person's events hold, read (opened) from their stream: what erasure looks for elsewhere. */
import { streams, type EventStore } from '@kobo/ledger';

export interface PersonalValues {
  names: string[];
  /** First and last name together, as messages about the person show them, and the bank account names. */
  fullNames: string[];
  usernames: string[];
  emails: string[];
  phones: string[];
  accountNumbers: string[];
}

/** Every value the person has had (an email changed since included); none once they are erased (their fields open empty). */
export async function personalValuesOf(store: EventStore, userId: string): Promise<PersonalValues> {
  const seen = {
    names: new Set<string>(),
    fullNames: new Set<string>(),
    usernames: new Set<string>(),
    emails: new Set<string>(),
    phones: new Set<string>(),
    accountNumbers: new Set<string>(),
  };
  const add = (into: Set<string>, value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') into.add(value);
  };
  for (const event of await store.readStream(streams.user(userId))) {
    const data = event.data as Record<string, unknown> & { bankDetails?: Record<string, unknown> };
    add(seen.names, data.firstName);
    add(seen.names, data.lastName);
    add(seen.usernames, data.username);
    add(seen.emails, data.email);
    add(seen.phones, data.phone);
    add(seen.accountNumbers, data.bankDetails?.accountNum);
    add(seen.names, data.bankDetails?.accountName);
    if (typeof data.firstName === 'string' && typeof data.lastName === 'string')
      add(seen.fullNames, `${data.firstName} ${data.lastName}`);
    add(seen.fullNames, data.bankDetails?.accountName);
  }
  return {
    names: [...seen.names],
    fullNames: [...seen.fullNames],
    usernames: [...seen.usernames],
    emails: [...seen.emails],
    phones: [...seen.phones],
    accountNumbers: [...seen.accountNumbers],
  };
}
