import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real LDAP directory for the LDAP sign-in tests (issue 18 §2): Debian's
 * `slapd` (OpenLDAP, installed by .ci/run) started on a free port of
 * 127.0.0.1 with a temporary configuration and database, seeded with
 * `ldapadd`. Users' entries are readable only by the service account
 * (`bindDn`), and their passwords only usable to bind: a search must bind
 * first, as a school's directory asks.
 */
export const slapdPath = '/usr/sbin/slapd';
export const hasSlapd = existsSync(slapdPath) && existsSync('/usr/bin/ldapadd');

export type TestPerson = { uid: string; password: string; mail?: string; givenName: string; sn: string };

export type TestDirectory = {
  url: string;
  base: string;
  bindDn: string;
  bindPassword: string;
  /** Adds a person under ou=people. */
  add(person: TestPerson): void;
  env(label?: string): Record<string, string>;
  stop(): Promise<void>;
};

const base = 'dc=school,dc=example';
const rootDn = `cn=admin,${base}`;
const rootPassword = 'root-secret-for-tests';
const bindDn = `cn=buildon,ou=services,${base}`;
const bindPassword = 'service-secret-for-tests';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export const startSlapd = async (): Promise<TestDirectory> => {
  const dir = mkdtempSync(join(tmpdir(), 'buildon-slapd-'));
  mkdirSync(join(dir, 'db'));
  writeFileSync(
    join(dir, 'slapd.conf'),
    [
      ...['core', 'cosine', 'nis', 'inetorgperson'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      `pidfile ${join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${base}"`,
      `rootdn "${rootDn}"`,
      `rootpw ${rootPassword}`,
      `directory ${join(dir, 'db')}`,
      'maxsize 10485760',
      'access to attrs=userPassword by anonymous auth by * none',
      `access to * by dn.exact="${bindDn}" read by self read by * none`,
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let url = '';
  let output = '';
  for (let attempt = 0; attempt < 5 && !url; attempt++) {
    const port = await freePort();
    const candidate = `ldap://127.0.0.1:${port}`;
    // -d keeps slapd in the foreground (its child to stop); level 0 prints nothing but errors.
    child = spawn(slapdPath, ['-f', join(dir, 'slapd.conf'), '-h', `${candidate}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let wait = 0; wait < 50; wait++) {
      if (child.exitCode !== null) break;
      try {
        execFileSync('/usr/bin/ldapsearch', ['-x', '-H', candidate, '-b', '', '-s', 'base', '1.1'], { stdio: 'ignore' });
        url = candidate;
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (!url) child.kill('SIGKILL');
  }
  if (!url || !child) throw new Error(`slapd did not start:\n${output}`);
  const running = child;

  const ldapadd = (ldif: string) =>
    execFileSync('/usr/bin/ldapadd', ['-x', '-H', url, '-D', rootDn, '-w', rootPassword], {
      input: ldif,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  ldapadd(
    [
      `dn: ${base}`,
      'objectClass: dcObject',
      'objectClass: organization',
      'o: School',
      'dc: school',
      '',
      `dn: ou=people,${base}`,
      'objectClass: organizationalUnit',
      'ou: people',
      '',
      `dn: ou=services,${base}`,
      'objectClass: organizationalUnit',
      'ou: services',
      '',
      `dn: ${bindDn}`,
      'objectClass: organizationalRole',
      'objectClass: simpleSecurityObject',
      'cn: buildon',
      `userPassword: ${bindPassword}`,
      '',
    ].join('\n'),
  );

  return {
    url,
    base: `ou=people,${base}`,
    bindDn,
    bindPassword,
    add(person: TestPerson) {
      ldapadd(
        [
          `dn: uid=${person.uid},ou=people,${base}`,
          'objectClass: inetOrgPerson',
          `uid: ${person.uid}`,
          `cn: ${person.givenName} ${person.sn}`,
          `givenName: ${person.givenName}`,
          `sn: ${person.sn}`,
          ...(person.mail ? [`mail: ${person.mail}`] : []),
          `userPassword: ${person.password}`,
          '',
        ].join('\n'),
      );
    },
    env: (label = 'IDUL') => ({
      BUILDON_LDAP_URL: url,
      BUILDON_LDAP_BIND_DN: bindDn,
      BUILDON_LDAP_BIND_PASSWORD: bindPassword,
      BUILDON_LDAP_SEARCH_BASE: `ou=people,${base}`,
      BUILDON_LDAP_SEARCH_FILTER: '(uid={username})',
      BUILDON_LDAP_LABEL: label,
    }),
    async stop() {
      if (running.exitCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
