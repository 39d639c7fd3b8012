/**
 * Long lists for the web benchmark: `count` withdrawal requests and one campaign with `count`
 * submissions, appended straight to the ledger of a running server's database (as `npm run seed`
 * does), so its projectors build the read models the admin screens page through. No passwords and
 * no uploads: the people only need to exist in the ledger.
 */
import { randomUUID } from 'node:crypto';
import * as ledgerModule from '@kobo/ledger';
import * as platformModule from '@kobo/platform';

// The packages are CommonJS and this script runs as ESM, where their re-exports arrive only
// under `default`.
const commonJs = <M extends object>(module: M): M => ('default' in module ? (module.default as M) : module);
const { createLedgerCommands, createPostgresEventStore, moneyRules, nairaToKobo } = commonJs(ledgerModule);
const { createPool, loadConfig } = commonJs(platformModule);

export interface LongLists {
  campaignId: string;
  /** The ledger position after the last event: the read models are ready once they reach it. */
  lastPosition: number;
}

const WITHDRAWALS_PER_USER = 100;

export async function seedLongLists(databaseUrl: string, adminId: string, count: number): Promise<LongLists> {
  const pool = createPool(databaseUrl, 2);
  const store = createPostgresEventStore(pool);
  const commands = createLedgerCommands(store, { rules: moneyRules(loadConfig().money) });
  const admin = { role: 'admin', id: adminId } as const;
  let lastPosition = 0;
  const track = (result: { lastPosition: number }) => {
    lastPosition = Math.max(lastPosition, result.lastPosition);
  };
  try {
    const campaignId = randomUUID();
    track(
      await commands.createCampaign({
        campaignId,
        title: 'Stream "Kobo Anthem" on Audiomack',
        platform: 'audiomack',
        variation: 'Stream Song',
        instructions: 'Stream the song, then upload a screenshot of it playing.',
        url: 'https://audiomack.com/kobo/song/anthem',
        price: nairaToKobo(20),
        units: count + 10,
        by: admin,
      }),
    );
    for (let n = 0; n < count; n += 1) {
      const userId = randomUUID();
      const short = userId.slice(0, 8);
      track(
        await commands.registerUser({
          userId,
          firstName: 'Bench',
          lastName: `User${n}`,
          username: `bench${n}${short}`,
          email: `bench${n}-${short}@bench.kobo.test`,
          phone: '08031234567',
          role: 'user',
          referralCode: short.toUpperCase(),
          referredByCode: null,
        }),
      );
      track(
        await commands.submitTask({ campaignId, userId, proofImage: `proofs/${campaignId}/${userId}.png` }),
      );
      // Every hundredth person asks for a hundred withdrawals.
      if (n % WITHDRAWALS_PER_USER !== 0) continue;
      const asks = Math.min(WITHDRAWALS_PER_USER, count - n);
      track(
        await commands.adjustBalance({
          userId,
          adjustmentId: randomUUID(),
          balance: 'account',
          amount: nairaToKobo(asks * 2000),
          reason: 'Benchmark funding',
          by: admin,
        }),
      );
      track(
        await commands.updateBankDetails({
          userId,
          bankCode: '044',
          accountNum: '0123456784',
          accountName: `Bench User${n}`,
        }),
      );
      for (let ask = 0; ask < asks; ask += 1)
        track(
          await commands.requestWithdrawal({
            userId,
            withdrawalId: randomUUID(),
            type: 'withdrawal',
            amount: nairaToKobo(2000),
          }),
        );
    }
    return { campaignId, lastPosition };
  } finally {
    await store.close();
    await pool.end();
  }
}
