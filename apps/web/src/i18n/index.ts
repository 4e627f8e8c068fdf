import { FALLBACK_LANGUAGE, LANGUAGES, supportedLanguage, type Language } from '@app/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './detect-language.ts';

/** Maps a detected tag such as `pt`, `en-GB` or `es-MX` onto one of our three languages. */
export function toSupportedLanguage(tag: string): string {
  return supportedLanguage(tag) ?? tag;
}

function isLanguage(lng: string): lng is Language {
  return (LANGUAGES as readonly string[]).includes(lng);
}

type Part = () => Promise<{ default: ResourceKey }>;

/**
 * Each catalogue is fetched when its language is first used, in two chunks cut from its one
 * source file at build time (`split-catalogues` in vite.config.ts): the areas the logged-out
 * screens read, then the rest with the first logged-in screen ({@link loadFullCatalogue}). A
 * trader downloads one language, and the login page only its few areas. Switching
 * language loads the new one before the switch.
 */
const publicParts: Record<Language, Part> = {
  'pt-BR': () => import('virtual:catalogue/pt-BR/public'),
  'en-US': () => import('virtual:catalogue/en-US/public'),
  'es-ES': () => import('virtual:catalogue/es-ES/public'),
};
const restParts: Record<Language, Part> = {
  'pt-BR': () => import('virtual:catalogue/pt-BR/rest'),
  'en-US': () => import('virtual:catalogue/en-US/rest'),
  'es-ES': () => import('virtual:catalogue/es-ES/rest'),
};

/** Once a logged-in screen has been asked for, every language loaded comes whole. */
let wantFull = false;
/** Languages whose `rest` part has arrived. */
const fullLanguages = new Set<Language>();
/** The language whose catalogue the backend is fetching now (its public part only), or null. */
let readingPublicOnly: Language | null = null;

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, _namespace, callback) => {
    if (!isLanguage(lng)) return callback(null, {});
    const whole = wantFull;
    if (!whole) readingPublicOnly = lng;
    Promise.all([publicParts[lng](), whole ? restParts[lng]() : undefined]).then(
      ([publicPart, restPart]) => {
        if (readingPublicOnly === lng) readingPublicOnly = null;
        if (restPart) fullLanguages.add(lng);
        callback(null, { ...(publicPart.default as object), ...(restPart?.default as object) });
      },
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * Resolves when the active language's whole catalogue is loaded: every lazy screen waits for it
 * with its own chunk (lib/lazy-screen.tsx), so no screen ever shows keys for text. The login
 * page and the frame before login read only the public areas, loaded at start.
 */
export async function loadFullCatalogue(): Promise<void> {
  wantFull = true;
  // Asked for while the public part is on its way (the session answered before the catalogue):
  // the rest is fetched now, beside it, not one round trip after it (a third wave on a phone).
  if (readingPublicOnly !== null) void restParts[readingPublicOnly]().catch(() => undefined);
  await i18nReady;
  const missing = i18n.languages.filter(
    (lng): lng is Language => isLanguage(lng) && !fullLanguages.has(lng),
  );
  await Promise.all(
    missing.map(async (lng) => {
      const rest = await restParts[lng]();
      i18n.addResourceBundle(lng, 'translation', rest.default, true, true);
      fullLanguages.add(lng);
    }),
  );
}

/** Resolves when the active language's catalogue has arrived: render after it (main.tsx). */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(languageDetector(toSupportedLanguage))
  .use(initReactI18next)
  .init({
    // The catalogues have the same keys (a test checks), so no second language is ever needed:
    // a fallback only for a detected language we do not speak, else none to download.
    fallbackLng: (code) => (code && isLanguage(code) ? [] : [FALLBACK_LANGUAGE]),
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    returnEmptyString: true,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => undefined);

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', syncHtmlLang);

export { i18n };
