import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { bannerLines, startedMsAgo } from './banner.js';
import { loadBrands } from './platform/brands.js';
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
  printBanner(config, seeded);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function printBanner(config: Config, seeded: Awaited<ReturnType<typeof seed>> | undefined): void {
  const lines = bannerLines({
    database: config.DATABASE_URL ? { url: true } : { dataDir: config.DATA_DIR },
    port: config.PORT,
    publicBase: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    apiBase: publicUrl(config),
    smtp: Boolean(config.SMTP_URL),
    seeded,
    showDemo: process.argv.includes('--show-demo'),
    ms: startedMsAgo(process.env, Date.now(), process.uptime()),
  });
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
