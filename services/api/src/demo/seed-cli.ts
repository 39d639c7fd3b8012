/** `npm run seed`: load the demo data on demand (a no-op where it is already loaded). */
import { createLedgerCommands, moneyRules } from '@kobo/ledger';
import { createLogger, createPool, loadConfig, provideDatabase } from '@kobo/platform';
import { bootstrapAccounts } from '../accounts/bootstrap';
import { eventStoresOf } from '../event-stores';
import { createObjectStore } from '../uploads/create-object-store';
import { demoStaff, seedDemoData } from './seed';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await provideDatabase(config, logger);
  const pool = createPool(database.url, 4);
  const { store } = eventStoresOf(config, pool);
  const commands = createLedgerCommands(store, { rules: moneyRules(config.money) });
  try {
    const staff = await bootstrapAccounts(demoStaff, { pool, store, commands });
    const adminId = staff.find((a) => a.role === 'admin')!.userId;
    const { users } = await seedDemoData({
      pool,
      commands,
      adminId,
      images: createObjectStore(config.dataDir, config.s3),
    });
    console.log(
      `demo data loaded: ${users.map((u) => u.email).join(', ')} (password "${users[0]?.password}")`,
    );
    console.log('the projectors of a running `npm start` pick the new events up at once');
  } finally {
    await store.close();
    await pool.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
