/**
 * Name-based ids: the ledger's own v5 uuid is the `uuid` package's, byte for byte, so ids made
 * before and after it (events, submissions, withdrawals in the log) stay the same for a name.
 */
import { v5 as uuidv5 } from 'uuid';
import { eventIdFor, KOBO_UUID_NAMESPACE, koboUuid, submissionIdFor } from '../../src/domain/ids';

const names = [
  '',
  'a',
  'event:0b7c6f0e-8c4a-4e47-9d5b-1f2a3b4c5d6e:user-0b7c6f0e-8c4a-4e47-9d5b-1f2a3b4c5d6e:0',
  'withdrawal:u-1:key with spaces and ₦ naira, Ọ̀yọ́ and 😀',
  'x'.repeat(1000),
];

it('makes the same v5 uuids as the uuid package in Kobo’s namespace', () => {
  for (const name of names) expect(koboUuid(name)).toBe(uuidv5(name, KOBO_UUID_NAMESPACE));
  for (let index = 0; index < 200; index++) {
    const name = `event:${uuidv5(String(index), KOBO_UUID_NAMESPACE)}:campaign-${index}:${index % 7}`;
    expect(koboUuid(name)).toBe(uuidv5(name, KOBO_UUID_NAMESPACE));
  }
  expect(eventIdFor('c-1', 'user-1', 2)).toBe(uuidv5('event:c-1:user-1:2', KOBO_UUID_NAMESPACE));
  expect(submissionIdFor('camp', 'u')).toBe(uuidv5('submission:camp:u', KOBO_UUID_NAMESPACE));
});
