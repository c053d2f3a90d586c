import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadBrands } from './modules/brand/brand.js';
import { ConfigError, loadConfig, publicUrl, type Config } from './platform/config.js';
import { openDatabase } from './platform/db/index.js';
import { migrate } from './platform/db/migrate.js';
import { createMailer } from './platform/mail.js';
import { seed } from './seed/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig({
      WEB_DIST: resolve(root, 'apps/web/dist'),
      BRANDS_FILE: resolve(root, 'config/brands.json'),
      ...process.env,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  const database = await openDatabase(config);
  await migrate(database);
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const brands = loadBrands(config.BRANDS_FILE ?? resolve(root, 'config/brands.json'));
  const deps = { config, database, db: database.db, mailer, brands };
  const seeded = config.SEED_DEMO ? await seed(deps) : undefined;
  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!existsSync(resolve(config.WEB_DIST ?? '', 'index.html')))
    app.log.warn('web app not built: run `npm run build`');
  printBanner(config, seeded, Date.now() - started);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function printBanner(config: Config, seeded: Awaited<ReturnType<typeof seed>> | undefined, ms: number): void {
  const port = config.PORT;
  const base = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    '',
    `Plenary is running (${config.DATABASE_URL ? 'PostgreSQL' : `embedded PostgreSQL in ${config.DATA_DIR}`}, ready in ${(ms / 1000).toFixed(1)} s)`,
    `  Admin console:    http://cms.localhost:${port}`,
    `  Participant app:  ${base}`,
    `  API docs:         ${publicUrl(config)}/api/v1/docs`,
  ];
  if (seeded) {
    lines.push('', 'Sign-in details (demo data):');
    for (const account of seeded.accounts)
      lines.push(`  ${account.label.padEnd(20)} ${account.email.padEnd(34)} ${account.password}`);
  }
  if (!config.SMTP_URL)
    lines.push('', `E-mails go to the dev mailbox: sign in as super admin and open "Dev mailbox".`);
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
