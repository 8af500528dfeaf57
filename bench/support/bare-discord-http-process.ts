// Child process for the Discord HTTP benchmark's baseline: a bare node:http server that only
// verifies the Ed25519 signature of POST /discord/interactions and answers a deferral, in its own
// process like the bot. Prints "bare discord http ready" once listening on PORT.
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';

const x = Buffer.from(process.env.DISCORD_PUBLIC_KEY ?? '', 'hex').toString('base64url');
const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const sig = String(req.headers['x-signature-ed25519'] ?? '');
    const ts = String(req.headers['x-signature-timestamp'] ?? '');
    const ok = verify(null, Buffer.concat([Buffer.from(ts), ...chunks]), key, Buffer.from(sig, 'hex'));
    if (!ok) res.writeHead(401).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":5}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('bare discord http ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
