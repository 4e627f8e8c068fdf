import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AsyncLogStream } from './log-stream.ts';

function tempFd(): { fd: number; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'log-stream-')), 'log');
  return { fd: openSync(path, 'w'), path };
}

describe('AsyncLogStream', () => {
  it('writes every line, in order, off the event loop', async () => {
    const { fd, path } = tempFd();
    const stream = new AsyncLogStream(fd);
    for (let i = 0; i < 1000; i += 1) stream.write(`{"n":${i}}\n`);
    // Nothing is written synchronously: the request that logged goes on at once.
    expect(readFileSync(path, 'utf8')).toBe('');
    await stream.whenIdle();
    closeSync(fd);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1000);
    expect(lines[999]).toBe('{"n":999}');
  });

  it('drops lines beyond its queue and says how many', () => {
    const { fd, path } = tempFd();
    const stream = new AsyncLogStream(fd, 100);
    for (let i = 0; i < 20; i += 1) stream.write('0123456789\n');
    stream.flushSync();
    closeSync(fd);
    const text = readFileSync(path, 'utf8');
    expect(text.split('0123456789').length - 1).toBe(9);
    expect(text).toContain('11 log lines dropped');
  });
});
