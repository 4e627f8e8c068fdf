// The parser against the corpus of real-format channel messages (corpus/README.md). The train split
// is what the rules were written against; the held-out split (whole formats set aside before any
// rule was written) is only scored, and its figures are the ones docs/ reports.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreCorpus, type CorpusMessage, type CorpusScore } from './corpus/score.ts';

const load = (file: string): CorpusMessage[] =>
  JSON.parse(readFileSync(new URL(`./corpus/${file}`, import.meta.url), 'utf8')) as CorpusMessage[];
const train = load('train.json');
const heldOut = load('held-out.json');

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
function summary(name: string, s: CorpusScore): string {
  return (
    `${name}: ${s.messages} messages, ${s.exact} read as a trader reads them (${pct(s.exact / s.messages)}), ` +
    `${s.wrong} would trade a wrong order (${pct(s.wrong / s.messages)}), ${s.doubtful} doubtful, ${s.unread} unread; ` +
    `signals precision ${pct(s.precision)} (${s.truePositives}/${s.truePositives + s.falsePositives}), ` +
    `recall ${pct(s.recall)} (${s.truePositives}/${s.truePositives + s.falseNegatives}); ` +
    `right asset, side and entry time ${pct(s.entryPrecision)} of signals read; ` +
    `cancellations ${s.cancelsFound}/${s.cancelsExpected}, false cancellations ${s.falseCancels}`
  );
}

/** Prints a split's misreadings (`CORPUS_REPORT=1`; for the train split only, see README.md). */
function report(messages: readonly CorpusMessage[], score: CorpusScore): void {
  for (const [k, s] of score.perMessage.entries()) {
    if (s.exact) continue;
    const m = messages[k] as CorpusMessage;
    console.log(
      `✗ ${s.outcome} ${m.id}\n${m.text}\nexpected ${JSON.stringify(m.expected)}\nread ${JSON.stringify(s.read)}\n`,
    );
  }
}

describe('parseSignal corpus', () => {
  it('has at least 200 messages, a quarter of them held out', () => {
    expect(train.length + heldOut.length).toBeGreaterThanOrEqual(200);
    expect(heldOut.length / (train.length + heldOut.length)).toBeGreaterThanOrEqual(0.25);
    const formats = new Set(train.map((m) => m.format));
    for (const m of heldOut) expect(formats.has(m.format), m.id).toBe(false);
  });

  it('reads the train split as a trader reads it', () => {
    const score = scoreCorpus(train);
    console.log(summary('train', score));
    if (process.env.CORPUS_REPORT === '1') {
      report(train, score);
    }
    expect(score.exact / score.messages).toBeGreaterThanOrEqual(0.98);
    expect(score.wrong / score.messages).toBeLessThanOrEqual(0.01);
    expect(score.wrong).toBe(0);
    expect(score.falseCancels).toBe(0);
  });

  // The unseen split's floors. Wrong orders: the target, at most 1 in 100 messages (a miss costs a
  // trade, a wrong order costs money). Read as a trader reads them (a doubtful message counts as
  // not read): the figure of 2026-12-03 (96 of 105), below the 95 % target
  // (docs/decisions/2026-12-03-reading-families.md); raising it is fine, tuning rules to the
  // split is not.
  it('reads the held-out split (figures reported in docs/)', () => {
    const score = scoreCorpus(heldOut);
    console.log(summary('held-out', score));
    expect(score.wrong / score.messages).toBeLessThanOrEqual(0.01);
    expect(score.exact / score.messages).toBeGreaterThanOrEqual(0.91);
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.89);
    expect(score.entryPrecision).toBeGreaterThanOrEqual(0.99);
    expect(score.falseCancels).toBe(0);
  });
});
