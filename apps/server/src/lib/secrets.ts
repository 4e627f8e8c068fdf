import type { KEY_SOURCES } from '@app/contract';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Secrets at rest (broker passwords and tokens, proxy passwords, messaging sessions): AES-256-GCM
 * with the row's table, id and field bound as associated data, so a ciphertext copied to another
 * row or column fails to decrypt instead of leaking (DESIGN §4).
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
export const KEY_FILE = 'secret.key';

/**
 * Turns the configured key text into 32 bytes:
 * - 64 hex digits → those bytes;
 * - base64 (or base64url) of exactly 32 bytes → those bytes;
 * - any other text (a passphrase) → its SHA-256. A passphrase is only as strong as it is long;
 *   prefer `openssl rand -base64 32`.
 */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(
      trimmed,
      trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64',
    );
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return createHash('sha256').update(trimmed, 'utf8').digest();
}

/** Where the key came from: `besideData` means one copied data folder decrypts every secret. */
export type KeySource = (typeof KEY_SOURCES)[number];

export interface LoadedKey {
  key: Buffer;
  source: KeySource;
  /** The key file read (or created), when the key is a file. */
  file?: string;
  /** Whether this start created the key file. */
  created: boolean;
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The key, in this order: the `secretKey` option or `APP_SECRET_KEY`; the key file named by
 * `secretKeyFile` or `APP_SECRET_KEY_FILE` (created 0600 when missing); otherwise `secret.key` in
 * the data directory, created on first start — convenient, but then a copy of the data folder
 * decrypts every stored broker password, which the server says at start and in `/api/health`.
 * Losing the key makes stored secrets unreadable, so operators back it up (apart from the data).
 */
export function loadSecretKey(options: {
  secretKey?: string | undefined;
  secretKeyFile?: string | undefined;
  dataDir: string;
}): LoadedKey {
  const configured = options.secretKey ?? process.env.APP_SECRET_KEY;
  if (configured !== undefined && configured.trim() !== '') {
    return { key: parseSecretKey(configured), source: 'environment', created: false };
  }
  const named = options.secretKeyFile ?? process.env.APP_SECRET_KEY_FILE;
  const path = resolve(
    named !== undefined && named.trim() !== '' ? named : join(options.dataDir, KEY_FILE),
  );
  const dir = dirname(path);
  if (isInside(dir, options.dataDir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    // 'wx' fails if the file exists, so two processes starting together never overwrite a key.
    writeFileSync(path, randomBytes(KEY_BYTES).toString('base64') + '\n', {
      flag: 'wx',
      mode: 0o600,
    });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return {
    key: parseSecretKey(readFileSync(path, 'utf8')),
    source: isInside(path, options.dataDir) ? 'beside-data' : 'key-file',
    file: path,
    created,
  };
}

/** Where a secret lives; bound into the ciphertext as associated data. */
export interface SecretSlot {
  table: string;
  rowId: string | number;
  field: string;
}

function aad(slot: SecretSlot): Buffer {
  return Buffer.from(`${slot.table}:${slot.rowId}:${slot.field}`, 'utf8');
}

export interface Secrets {
  encrypt(slot: SecretSlot, plaintext: string): string;
  /** Throws when the ciphertext was tampered with, belongs to another slot or another key. */
  decrypt(slot: SecretSlot, ciphertext: string): string;
  /** HMAC-SHA256 (base64url) of `data` under a key derived for `purpose` (e.g. device cookies). */
  mac(purpose: string, data: string): string;
}

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) throw new Error('The secret key must be 32 bytes');
  return {
    encrypt(slot, plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(slot));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(
        ':',
      );
    },
    decrypt(slot, ciphertext) {
      const [version, iv, tag, body] = ciphertext.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('Unknown secret format');
      }
      const tagBytes = Buffer.from(tag, 'base64');
      if (tagBytes.length !== TAG_BYTES) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad(slot));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
    mac(purpose, data) {
      const derived = createHmac('sha256', key).update(`mac:${purpose}`).digest();
      return createHmac('sha256', derived).update(data, 'utf8').digest('base64url');
    },
  };
}
