import { FALLBACK_LANGUAGE, supportedLanguage, type Language } from '@app/contract';
import type { FastifyRequest } from 'fastify';

/** The tags of an Accept-Language header, most preferred first (by `q`, then as written). */
export function acceptedLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((x) => x.tag !== '' && x.tag !== '*' && !Number.isNaN(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((x) => x.tag);
}

/** The first of `tags` that is one of our languages, else pt-BR. */
export function firstSupported(tags: readonly (string | undefined)[]): Language {
  for (const tag of tags) {
    const lng = tag ? supportedLanguage(tag) : null;
    if (lng) return lng;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The language the panel will pick in this browser, as far as a request shows it: the panel's
 * detector (apps/web/src/i18n/detect-language.ts) looks at `?lng=`, the `i18next` cookie (which
 * it writes with every choice), then storage and the browser's languages, which Accept-Language
 * carries. Used for the login page the server sends already rendered.
 */
export function panelLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, unknown> | undefined;
  const lng = typeof query?.lng === 'string' ? query.lng : undefined;
  return firstSupported([
    lng,
    req.cookies.i18next,
    ...acceptedLanguageTags(req.headers['accept-language']),
  ]);
}
