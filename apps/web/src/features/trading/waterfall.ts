import { LATENCY_STAGES } from '@app/contract';

type Stage = (typeof LATENCY_STAGES)[number];
export type Stages = Record<Stage, number | null>;

/** One step of a signal's waterfall: from the previous reached stage to this one. */
export interface WaterfallStep {
  stage: Exclude<Stage, 'received'>;
  /** Milliseconds since the previous reached stage; NULL when this stage was not reached. */
  ms: number | null;
  /** Where the step starts and how wide it is, as fractions of the whole waterfall (0–1). */
  offset: number;
  width: number;
}

/**
 * A signal's stage instants as waterfall steps (received → parsed → … → settled). A stage not
 * reached leaves a gap; the next reached one is measured from the last stage that was.
 */
export function waterfallSteps(stages: Stages): { steps: WaterfallStep[]; totalMs: number } {
  const start = stages.received;
  const reached = LATENCY_STAGES.map((stage) => stages[stage]).filter(
    (at): at is number => at !== null,
  );
  const end = reached.length > 0 ? Math.max(...reached) : null;
  const totalMs = start !== null && end !== null ? Math.max(0, end - start) : 0;
  let previous = start;
  const steps: WaterfallStep[] = [];
  for (const stage of LATENCY_STAGES) {
    if (stage === 'received') continue;
    const at = stages[stage];
    if (at === null || previous === null || start === null) {
      steps.push({ stage, ms: null, offset: 0, width: 0 });
      if (at !== null) previous = at;
      continue;
    }
    const ms = Math.max(0, at - previous);
    steps.push({
      stage,
      ms,
      offset: totalMs === 0 ? 0 : (previous - start) / totalMs,
      width: totalMs === 0 ? 0 : ms / totalMs,
    });
    previous = at;
  }
  return { steps, totalMs };
}
