import { SIGNAL_OUTCOMES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../test/all-catalogues.ts';

describe('signal outcome labels', () => {
  it.each(Object.entries(catalogues))(
    'has a label of its own for every outcome state in %s',
    (_, catalogue) => {
      const states = catalogue.signalOutcome.states as Record<string, string>;
      const labels = SIGNAL_OUTCOMES.map((s) => states[s]);
      expect(labels.every((l) => typeof l === 'string' && l !== '')).toBe(true);
      expect(new Set(labels).size).toBe(SIGNAL_OUTCOMES.length);
    },
  );
});
