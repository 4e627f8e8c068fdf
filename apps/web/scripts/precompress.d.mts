/** Writes `<file>.br` and `<file>.gz` beside a built file, at maximum compression. */
export function writeCompressed(file: string): void;
