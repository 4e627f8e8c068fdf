import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecrets, KEY_FILE, loadSecretKey, parseSecretKey } from './secrets.ts';

const slot = { table: 'broker_logins', rowId: 7, field: 'password' };

describe('secrets', () => {
  const secrets = createSecrets(randomBytes(32));

  it('decrypts what it encrypted', () => {
    const sealed = secrets.encrypt(slot, 'hunter2 ✓');
    expect(sealed).not.toContain('hunter2');
    expect(secrets.decrypt(slot, sealed)).toBe('hunter2 ✓');
  });

  it('uses a fresh nonce for every encryption', () => {
    expect(secrets.encrypt(slot, 'x')).not.toBe(secrets.encrypt(slot, 'x'));
  });

  it('fails when the ciphertext is read for another row, table or field', () => {
    const sealed = secrets.encrypt(slot, 'hunter2');
    expect(() => secrets.decrypt({ ...slot, rowId: 8 }, sealed)).toThrow();
    expect(() => secrets.decrypt({ ...slot, table: 'proxies' }, sealed)).toThrow();
    expect(() => secrets.decrypt({ ...slot, field: 'token_real' }, sealed)).toThrow();
  });

  it('fails when the ciphertext was tampered with', () => {
    const sealed = secrets.encrypt(slot, 'hunter2');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3] ?? '', 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64');
    expect(() => secrets.decrypt(slot, parts.join(':'))).toThrow();
  });

  it('fails under another key', () => {
    const sealed = secrets.encrypt(slot, 'hunter2');
    expect(() => createSecrets(randomBytes(32)).decrypt(slot, sealed)).toThrow();
  });
});

describe('parseSecretKey', () => {
  it('reads 64 hex digits, base64 of 32 bytes, or hashes a passphrase', () => {
    const bytes = randomBytes(32);
    expect(parseSecretKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretKey('correct horse battery staple')).toHaveLength(32);
  });
});

describe('loadSecretKey', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates secret.key with mode 0600 on first start and reuses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const saved = process.env.APP_SECRET_KEY;
    delete process.env.APP_SECRET_KEY;
    try {
      const first = loadSecretKey({ dataDir: dir });
      const file = join(dir, KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('base64'));
      expect(first).toMatchObject({ source: 'beside-data', created: true });
      const second = loadSecretKey({ dataDir: dir });
      expect(second.key).toEqual(first.key);
      expect(second.created).toBe(false);
    } finally {
      if (saved !== undefined) process.env.APP_SECRET_KEY = saved;
    }
  });
});
