import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../platform/db/client.js';
import { ssoSealer, stageSigningKey } from './keys.js';

// `npm run sso:stage-key -w @campus/api [-- --hours N]`: step 1 of the signing-key rotation (apps/api/README.md).
const hoursFlag = process.argv.indexOf('--hours');
const hours = hoursFlag >= 0 ? Number(process.argv[hoursFlag + 1]) : 24;
if (!Number.isFinite(hours) || hours < 0) throw new Error('--hours must be a non-negative number.');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const now = new Date();
const signsFrom = new Date(now.getTime() + hours * 3600_000);
const kid = await stageSigningKey(database.db, ssoSealer(config), now, signsFrom);
console.log(`Staged signing key ${kid}: published now, signing from ${signsFrom.toISOString()}.`);
await database.close();
