/**
 * The bank directories. Paystack's client is a third party's API: a small object answering as
 * Paystack does (its list, its name enquiry, its two kinds of error) stands in for it.
 */
import { SPEC_BANKS } from '@kobo/ledger';
import {
  BankAccountRefusedError,
  BankDirectoryUnavailableError,
  manualBankDirectory,
  paystackBankDirectory,
  type PaystackBankLookup,
} from '../src';

class PaystackRefusedError extends Error {
  override readonly name = 'PaystackRefusedError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
class PaystackUnavailableError extends Error {
  override readonly name = 'PaystackUnavailableError';
}

/** Paystack as seen through its client: a list, and accounts it knows by bank and number. */
function paystack(accounts: Record<string, string> = {}) {
  const calls = { listBanks: 0, resolveAccount: 0 };
  let banks = [
    { name: 'Access Bank', code: '044' },
    { name: 'Guaranty Trust Bank', code: '058' },
    { name: 'Kuda Bank', code: '50211' },
    { name: 'Bowen Microfinance Bank', code: '50931' },
    { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  ];
  let down = false;
  const lookup: PaystackBankLookup = {
    async listBanks() {
      calls.listBanks++;
      if (down) throw new PaystackUnavailableError('no answer');
      return banks;
    },
    async resolveAccount(accountNumber, bankCode) {
      calls.resolveAccount++;
      if (down) throw new PaystackUnavailableError('no answer');
      const name = accounts[`${bankCode}:${accountNumber}`];
      if (!name)
        throw new PaystackRefusedError('Could not resolve account name. Check parameters or try again.', 422);
      return { accountName: name };
    },
  };
  return {
    lookup,
    calls,
    setBanks: (next: typeof banks) => (banks = next),
    setDown: (value: boolean) => (down = value),
  };
}

describe('the manual bank directory', () => {
  it("lists the ledger's banks, the spec's 20 among them", async () => {
    const banks = await manualBankDirectory.listBanks();
    for (const bank of SPEC_BANKS) expect(banks).toContainEqual(bank);
  });

  it('checks the NUBAN digit only, and cannot say whose account it is', async () => {
    await expect(manualBankDirectory.resolve('044', '0123456784')).resolves.toEqual({
      accountName: null,
      checked: false,
    });
    await expect(manualBankDirectory.resolve('999992', '8031234567')).resolves.toEqual({
      accountName: null,
      checked: false,
    });
    const refused = manualBankDirectory.resolve('044', '0123456789');
    await expect(refused).rejects.toBeInstanceOf(BankAccountRefusedError);
    await expect(refused).rejects.toMatchObject({
      reason: 'invalid_number',
      message: 'This account number is not valid for Access Bank. Check it and try again.',
    });
    await expect(manualBankDirectory.resolve('50931', '8031234567')).rejects.toMatchObject({
      message: 'Please choose your bank from the list.',
    });
  });
});

describe('the Paystack bank directory', () => {
  it("merges Paystack's list with the spec's 20, in the ledger's words for the banks it lists", async () => {
    const { lookup } = paystack();
    const banks = await paystackBankDirectory(lookup).listBanks();
    for (const bank of SPEC_BANKS) expect(banks).toContainEqual(bank);
    expect(banks).toContainEqual({ name: 'Bowen Microfinance Bank', code: '50931' });
    expect(banks).toContainEqual({ name: 'Opay Bank', code: '999992' });
    expect(banks.filter((b) => b.code === '999992')).toHaveLength(1);
    expect(banks.map((b) => b.name)).toEqual(
      [...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('keeps the list for a day, then asks Paystack again', async () => {
    const provider = paystack();
    let clock = 1_000_000;
    const directory = paystackBankDirectory(provider.lookup, { now: () => clock });
    await directory.listBanks();
    provider.setBanks([{ name: 'Sparkle Microfinance Bank', code: '51310' }]);
    clock += 23 * 60 * 60 * 1000;
    expect(await directory.listBanks()).not.toContainEqual({
      name: 'Sparkle Microfinance Bank',
      code: '51310',
    });
    expect(provider.calls.listBanks).toBe(1);
    clock += 60 * 60 * 1000;
    expect(await directory.listBanks()).toContainEqual({ name: 'Sparkle Microfinance Bank', code: '51310' });
    expect(provider.calls.listBanks).toBe(2);
  });

  it("answers with the ledger's list while Paystack cannot be reached, and keeps the last list it had", async () => {
    const provider = paystack();
    let clock = 0;
    provider.setDown(true);
    const directory = paystackBankDirectory(provider.lookup, { now: () => clock });
    const standIn = await directory.listBanks();
    for (const bank of SPEC_BANKS) expect(standIn).toContainEqual(bank);
    provider.setDown(false);
    clock += 5 * 60 * 1000;
    expect(await directory.listBanks()).toContainEqual({ name: 'Bowen Microfinance Bank', code: '50931' });
    provider.setDown(true);
    clock += 2 * 24 * 60 * 60 * 1000;
    expect(await directory.listBanks()).toContainEqual({ name: 'Bowen Microfinance Bank', code: '50931' });
  });

  it('gives the name the bank holds, for banks only Paystack lists too', async () => {
    const { lookup } = paystack({ '058:0123456785': 'CHIDI OKAFOR', '50931:5012345678': 'BOLA ADE' });
    const directory = paystackBankDirectory(lookup);
    await expect(directory.resolve('058', '0123456785')).resolves.toEqual({
      accountName: 'CHIDI OKAFOR',
      checked: true,
    });
    await expect(directory.resolve('50931', '5012345678')).resolves.toEqual({
      accountName: 'BOLA ADE',
      checked: true,
    });
  });

  it('refuses a number Paystack cannot resolve, naming the bank', async () => {
    const { lookup } = paystack();
    const refused = paystackBankDirectory(lookup).resolve('058', '0123456785');
    await expect(refused).rejects.toBeInstanceOf(BankAccountRefusedError);
    await expect(refused).rejects.toMatchObject({
      reason: 'not_found',
      message: 'We could not find this account at Guaranty Trust Bank. Check the account number.',
    });
  });

  it('refuses a number whose check digit is wrong without asking Paystack', async () => {
    const provider = paystack();
    await expect(paystackBankDirectory(provider.lookup).resolve('058', '0123456789')).rejects.toMatchObject({
      reason: 'invalid_number',
    });
    expect(provider.calls.resolveAccount).toBe(0);
  });

  it('says the bank could not be asked when Paystack is unreachable or refuses our key', async () => {
    const provider = paystack();
    const directory = paystackBankDirectory(provider.lookup);
    await directory.listBanks();
    provider.setDown(true);
    await expect(directory.resolve('058', '0123456785')).rejects.toBeInstanceOf(
      BankDirectoryUnavailableError,
    );
    const badKey: PaystackBankLookup = {
      listBanks: provider.lookup.listBanks,
      resolveAccount: async () => {
        throw new PaystackRefusedError('Invalid key', 401);
      },
    };
    provider.setDown(false);
    await expect(paystackBankDirectory(badKey).resolve('058', '0123456785')).rejects.toBeInstanceOf(
      BankDirectoryUnavailableError,
    );
  });
});
