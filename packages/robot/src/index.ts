// The robot's pure core (DESIGN §7). Each folder owns its own index; this file only re-exports.
export * from './signals/index.ts';
export * from './timing/index.ts';
export * from './money/index.ts';
export * from './stops/index.ts';
export * from './copy/index.ts';
export * from './broker/index.ts';
export * from './session/index.ts';
export * from './market/index.ts';
export * from './record/index.ts';
