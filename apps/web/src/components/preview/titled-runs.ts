import type { PreviewRun } from '../../lib/strategy-previews.ts';
import type { TitledRun } from './path-preview.tsx';

/** Gives each run of a preview its title and caption, by the run's kind. */
export function titleRuns(
  runs: readonly PreviewRun[],
  titles: Record<PreviewRun['kind'], string>,
  captions: Record<PreviewRun['kind'], string>,
): TitledRun[] {
  return runs.map((run) => ({ run, title: titles[run.kind], caption: captions[run.kind] }));
}
