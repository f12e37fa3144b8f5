// A real OpenLDAP server for the directory federation tests: Debian's `slapd` started as the current user on a free
// port, with its configuration and database in a temporary folder, loaded with `ldapadd`, and stopped afterwards.
// Plain JavaScript so that the API tests and the console's end-to-end tests share it without importing each other.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SLAPD = existsSync('/usr/sbin/slapd') ? '/usr/sbin/slapd' : 'slapd';
const SCHEMA = '/etc/ldap/schema';
const MODULES = '/usr/lib/ldap';

export const BASE_DN = 'dc=example,dc=edu';
export const ADMIN_DN = `cn=admin,${BASE_DN}`;
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const GROUPS_DN = `ou=groups,${BASE_DN}`;
/** The service account the application binds with to search (read-only by the ACL below). */
export const SERVICE_DN = `cn=campus-reader,${BASE_DN}`;
export const SERVICE_PASSWORD = 'reader-Secret-42';

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function listening(port, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`slapd did not listen on ${port} within ${ms} ms`);
}

/** One person's entry (inetOrgPerson) as LDIF. */
export function personLdif(p) {
  return [
    `dn: uid=${p.uid},${PEOPLE_DN}`,
    'objectClass: inetOrgPerson',
    `uid: ${p.uid}`,
    `cn: ${p.givenName} ${p.sn}`,
    `givenName: ${p.givenName}`,
    `sn: ${p.sn}`,
    `mail: ${p.mail}`,
    ...(p.employeeType ? [`employeeType: ${p.employeeType}`] : []),
    `userPassword: ${p.password}`,
    '',
  ].join('\n');
}

/** A group's DN (groupOfNames under ou=groups). */
export const groupDn = (cn) => `cn=${cn},${GROUPS_DN}`;
/** A person's DN. */
export const personDn = (uid) => `uid=${uid},${PEOPLE_DN}`;

/**
 * A group as LDIF. groupOfNames needs at least one member: the service account stands in for an empty group, and
 * being no person it never maps to an account.
 */
export function groupLdif(g) {
  return [`dn: ${groupDn(g.cn)}`, 'objectClass: groupOfNames', `cn: ${g.cn}`, `member: ${SERVICE_DN}`, ...g.members.map((uid) => `member: ${personDn(uid)}`), ''].join('\n');
}

/**
 * A throwaway certificate authority and a server certificate it signs for `127.0.0.1` only (no host name), made with
 * `openssl` in `dir`; and a second, unrelated CA that signed nothing, to be the wrong one.
 */
export function makeCertificates(dir) {
  const path = (name) => join(dir, name);
  const ssl = (...args) => run('openssl', args);
  const subject = (cn) => ['-subj', `/O=Example University Test/CN=${cn}`];
  for (const ca of ['ca', 'other-ca']) {
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path(`${ca}.key`), '-out', path(`${ca}.pem`), '-days', '2', ...subject(`Throwaway ${ca}`),
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  }
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', path('server.key'), '-out', path('server.csr'), ...subject('127.0.0.1'));
  writeFileSync(path('server.ext'), ['basicConstraints=CA:FALSE', 'keyUsage=digitalSignature,keyEncipherment', 'extendedKeyUsage=serverAuth', 'subjectAltName=IP:127.0.0.1', ''].join('\n'));
  ssl('x509', '-req', '-in', path('server.csr'), '-CA', path('ca.pem'), '-CAkey', path('ca.key'), '-CAcreateserial', '-out', path('server.pem'), '-days', '2', '-extfile', path('server.ext'));
  return {
    caFile: path('ca.pem'),
    certFile: path('server.pem'),
    keyFile: path('server.key'),
    ca: readFileSync(path('ca.pem'), 'utf8'),
    otherCa: readFileSync(path('other-ca.pem'), 'utf8'),
  };
}

function run(cmd, args, input) {
  const result = spawnSync(cmd, args, { input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/**
 * Starts slapd with an mdb database for `dc=example,dc=edu`, the people in `people` under `ou=people`, the groups in
 * `options.groups` under `ou=groups` (the memberof overlay keeps each person's `memberOf`), and a read-only service
 * account. With `options.tls`, it makes a throwaway CA and server certificate (see `makeCertificates`) and also
 * listens with LDAPS; its ldap:// address then offers StartTLS. Answers its URLs, the CA certificates, ways to change
 * people and group members, and `stop()`.
 */
export async function startSlapd(people = [], options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'slapd-'));
  const db = join(dir, 'db');
  mkdirSync(db);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const tls = options.tls ? makeCertificates(dir) : null;
  const ldapsPort = tls ? await freePort() : null;
  const ldapsUrl = tls ? `ldaps://127.0.0.1:${ldapsPort}` : null;
  const groups = options.groups ?? [];
  const adminPassword = 'admin-Secret-42';
  writeFileSync(
    join(dir, 'slapd.conf'),
    [
      `include ${SCHEMA}/core.schema`,
      `include ${SCHEMA}/cosine.schema`,
      `include ${SCHEMA}/inetorgperson.schema`,
      `include ${SCHEMA}/nis.schema`,
      `pidfile ${join(dir, 'slapd.pid')}`,
      `modulepath ${MODULES}`,
      'moduleload back_mdb',
      'moduleload memberof',
      ...(tls ? [`TLSCACertificateFile ${tls.caFile}`, `TLSCertificateFile ${tls.certFile}`, `TLSCertificateKeyFile ${tls.keyFile}`] : []),
      'database mdb',
      `suffix "${BASE_DN}"`,
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${adminPassword}`,
      `directory ${db}`,
      'maxsize 104857600',
      'index objectClass eq',
      'index uid,mail eq',
      'index member eq',
      // Passwords: only a bind may compare them; nobody reads them. The service account reads the rest.
      'access to attrs=userPassword by anonymous auth by * none',
      `access to * by dn.exact="${SERVICE_DN}" read by self read by * none`,
      // Keeps each entry's memberOf in step with the groups' member attributes (as Active Directory does).
      'overlay memberof',
      '',
    ].join('\n'),
  );
  const child = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', [url, ldapsUrl].filter(Boolean).join(' '), '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await listening(port, 15_000);
    if (ldapsPort) await listening(ldapsPort, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${stderr}`);
  }
  const ldap = (tool, args, input) => run(tool, ['-x', '-H', url, '-D', ADMIN_DN, '-w', adminPassword, ...args], input);
  ldap(
    'ldapadd',
    [],
    [
      `dn: ${BASE_DN}`,
      'objectClass: dcObject',
      'objectClass: organization',
      'o: Example University',
      'dc: example',
      '',
      `dn: ${PEOPLE_DN}`,
      'objectClass: organizationalUnit',
      'ou: people',
      '',
      `dn: ${SERVICE_DN}`,
      'objectClass: person',
      'objectClass: simpleSecurityObject',
      'cn: campus-reader',
      'sn: reader',
      `userPassword: ${SERVICE_PASSWORD}`,
      '',
      `dn: ${GROUPS_DN}`,
      'objectClass: organizationalUnit',
      'ou: groups',
      '',
      ...people.map(personLdif),
      ...groups.map(groupLdif),
    ].join('\n'),
  );
  const members = (cn, change, uid) =>
    ldap('ldapmodify', [], [`dn: ${groupDn(cn)}`, 'changetype: modify', `${change}: member`, `member: ${personDn(uid)}`, ''].join('\n'));
  return {
    url,
    port,
    ldapsUrl,
    caCertificate: tls?.ca ?? null,
    otherCaCertificate: tls?.otherCa ?? null,
    addGroup(group) {
      ldap('ldapadd', [], groupLdif(group));
    },
    addMember(cn, uid) {
      members(cn, 'add', uid);
    },
    removeMember(cn, uid) {
      members(cn, 'delete', uid);
    },
    add(person) {
      ldap('ldapadd', [], personLdif(person));
    },
    /** Replaces one attribute of a person. */
    modify(uid, attribute, value) {
      ldap('ldapmodify', [], [`dn: uid=${uid},${PEOPLE_DN}`, 'changetype: modify', `replace: ${attribute}`, `${attribute}: ${value}`, ''].join('\n'));
    },
    remove(uid) {
      ldap('ldapdelete', [`uid=${uid},${PEOPLE_DN}`]);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
