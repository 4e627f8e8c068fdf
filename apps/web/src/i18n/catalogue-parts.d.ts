// One language's catalogue, cut in two at build time by the `split-catalogues` plugin
// (vite.config.ts): the areas the logged-out screens read, and the rest.
declare module 'virtual:catalogue/*' {
  import type { ResourceKey } from 'i18next';

  const part: ResourceKey;
  export default part;
}
