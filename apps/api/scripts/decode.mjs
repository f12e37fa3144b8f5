#!/usr/bin/env node
// Decodes an envelope answer of the API read from stdin (MAC checked), e.g.
//   curl -s http://127.0.0.1:4000/core/v1.0/users/me -H "Authorization: Bearer $TOKEN" | node apps/api/scripts/decode.mjs
// The key is RESPONSE_ENCRYPTION_KEY, else DATA_DIR/secrets.json (DATA_DIR defaults to the repository's .data).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeEnvelope } from '@campus/api-contract';

const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : resolve(dirname(fileURLToPath(import.meta.url)), '../../../.data');
const key = process.env.RESPONSE_ENCRYPTION_KEY ?? JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).responseEncryptionKey;
const input = readFileSync(0, 'utf8').trim();
const body = input.startsWith('v1.') ? decodeEnvelope(input, key) : JSON.parse(input);
console.log(JSON.stringify(body, null, 2));
