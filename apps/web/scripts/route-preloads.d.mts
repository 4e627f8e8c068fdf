import type { Plugin } from 'vite';

/** The logged-in addresses with a page of their own: its file name and its route's modules. */
export const ROUTE_PRELOADS: Record<string, { name: string; modules: string[] }>;
/** The page of one of them in `lng`, relative to the build's root. */
export function preloadPage(name: string, lng: string): string;
/** Writes those pages beside index.html (build only). */
export function routePreloads(root: string): Plugin;
