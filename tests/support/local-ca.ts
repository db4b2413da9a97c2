import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A certificate authority of the test's own and a server certificate it signed for 127.0.0.1 and localhost, made
// with the openssl CLI: a client that is told to trust the CA (workerd through wrangler's NODE_EXTRA_CA_CERTS, Node
// through `ca`) verifies the server as it would a provider's, with no check turned off.

export interface LocalCertificates {
  /** The CA's certificate file (PEM), e.g. for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The CA's certificate (PEM). */
  ca: string;
  /** The server's key and certificate (PEM). */
  key: string;
  cert: string;
  remove(): void;
}

export function makeLocalCertificates(): LocalCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pfn-local-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=Porto Ferreira test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout', file('ca.key'), '-out', file('ca.pem'));
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr'));
    writeFileSync(file('server.ext'), [
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ].join('\n'));
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-days', '1', '-sha256', '-extfile', file('server.ext'), '-out', file('server.pem'));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    caFile: file('ca.pem'),
    ca: readFileSync(file('ca.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
