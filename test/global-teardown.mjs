import pg from 'pg';

export default async function globalTeardown() {
  const adminUrl = process.env.KOBO_TEST_ADMIN_URL;
  const template = process.env.KOBO_TEST_TEMPLATE;
  if (adminUrl && template) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Databases left behind by a crashed test file are swept here too.
    const { rows } = await admin.query(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `kobo_t_${process.pid}_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  }
  await globalThis.__KOBO_EMBEDDED_PG__?.stop();
}
