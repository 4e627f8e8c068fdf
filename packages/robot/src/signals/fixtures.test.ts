// Every fixtures/*.json is one test: adding a real channel message adds a case (see fixtures/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  channelSignalSettingsFromCard,
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  type ChannelCardSignalFields,
  type ChannelSignalSettings,
} from './channel-settings.ts';
import { parseSignal } from './parse-signal.ts';
import type { Rejection, Signal } from './types.ts';

interface Fixture {
  name: string;
  text: string;
  /** Readable settings over the defaults, or… */
  settings?: Partial<ChannelSignalSettings>;
  /** …the channel card's wire fields. */
  card?: ChannelCardSignalFields;
  /** ISO instant, e.g. `2025-05-12T17:20:00Z`. */
  now: string;
  channelId?: string;
  seen?: string[];
  expected: { signals: ExpectedSignal[]; rejected: Rejection[] };
}

/** A signal as the fixtures write it: instants as ISO strings, no `channelId`/`receivedAtMs`. */
interface ExpectedSignal {
  asset: string;
  direction: Signal['direction'];
  time?: string;
  at?: string;
  timeframeMin: number;
  gales?: number;
  line: number;
}

const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

function project(signal: Signal): ExpectedSignal {
  const out: ExpectedSignal = {
    asset: signal.asset,
    direction: signal.direction,
    timeframeMin: signal.timeframeMin,
    line: signal.line,
  };
  if (signal.time !== undefined) out.time = signal.time;
  if (signal.atMs !== undefined) out.at = isoSeconds(signal.atMs);
  if (signal.gales !== undefined) out.gales = signal.gales;
  return out;
}

describe('parseSignal fixtures', () => {
  it('has at least 40 fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it.each(files)('%s', (file) => {
    const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Fixture;
    const settings = fixture.card
      ? channelSignalSettingsFromCard(fixture.card)
      : { ...DEFAULT_CHANNEL_SIGNAL_SETTINGS, ...fixture.settings };
    const nowMs = Date.parse(fixture.now);
    expect(Number.isFinite(nowMs), `${file}: now must be an ISO instant`).toBe(true);

    const result = parseSignal(fixture.text, settings, {
      nowMs,
      channelId: fixture.channelId ?? 'channel-1',
      seen: new Set(fixture.seen ?? []),
    });

    expect(
      { signals: result.signals.map(project), rejected: result.rejected },
      fixture.name,
    ).toEqual(fixture.expected);
    for (const signal of result.signals) expect(signal.receivedAtMs).toBe(nowMs);
  });
});
