// The login page rendered at build time (`scripts/prerender.mjs`), one HTML file per language:
// the server sends it to a browser with no session, which paints the form from the HTML and
// hydrates it when the JavaScript arrives, instead of painting nothing until then.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Language } from '@app/contract';
// The languages to render, for scripts/prerender.mjs (plain JavaScript, which cannot import the
// contract's TypeScript).
export { LANGUAGES } from '@app/contract';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { i18n, i18nReady } from './i18n/index.ts';
import { SessionStore } from './lib/session.ts';

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<style>` tags of every rule the page uses, for `<head>`, as emotion's client cache reads them. */
  styles: string;
}

/** The logged-out panel at `path` in `lng`, as the client's first render draws it. */
export async function prerender(path: string, lng: Language): Promise<Prerendered> {
  await i18nReady;
  await i18n.changeLanguage(lng);
  // `compat`: the rules go into `cache.inserted` instead of `<style>` tags beside each element.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const session = new SessionStore();
  session.set(null);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <Providers sessionStore={session}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </CacheProvider>
    </StrictMode>,
  );
  return { html, styles: styleTags(cache.inserted) };
}

/**
 * The tags emotion's client cache takes over instead of inserting the rules again: one
 * `<style data-emotion="css name…">` with every class rule, and one
 * `<style data-emotion="css-global name">` per global block (`<GlobalStyles>`, `CssBaseline`),
 * which emotion's `Global` finds by that attribute.
 */
function styleTags(inserted: Record<string, string | true | undefined>): string {
  const names: string[] = [];
  let rules = '';
  let globals = '';
  for (const [name, css] of Object.entries(inserted)) {
    if (typeof css !== 'string' || css === '') continue;
    // A class's rules (used by the HTML, or by a component another one styles over).
    if (css.includes(`.css-${name}`)) {
      names.push(name);
      rules += css;
    } else {
      globals += `<style data-emotion="css-global ${name}">${css}</style>`;
    }
  }
  return `${globals}<style data-emotion="css ${names.join(' ')}">${rules}</style>`;
}
