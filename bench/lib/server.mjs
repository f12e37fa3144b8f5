// The API server child of a benchmark (`node <bench> --serve`) and the admin's token on it, shared by the benches
// that run the API in its own process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** Starts `node <script> --serve`; resolves with the child and the JSON line it prints once listening. */
export function startServer(script) {
  const child = spawn(process.execPath, [script, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      done({ child, ...JSON.parse(buffered.slice(0, end)) });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => fail(new Error(`the API exited (${code}) before it was ready`)));
  });
}

/** Signs the demo admin in and answers the `Authorization` header, decoding with the key kept in `dataDir`. */
export async function adminHeaders(url, dataDir) {
  const signIn = await fetch(`${url}/core/v1.0/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.edu', password: 'Campus!Demo2026' }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const { decodeEnvelope } = await import('../../libs/api-contract/dist/index.js');
  const { loadConfig } = await import('../../apps/api/dist/config.js');
  const key = loadConfig({ ...process.env, DATA_DIR: resolve(dataDir) }).responseEncryptionKey;
  const { token } = decodeEnvelope(await signIn.text(), key).data;
  return { authorization: `Bearer ${token}` };
}
