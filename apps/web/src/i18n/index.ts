import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@app/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** Maps a detected tag such as `pt`, `en-GB` or `es-MX` onto one of our three languages. */
export function toSupportedLanguage(tag: string): string {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((lng) => lng.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return LANGUAGES.find((lng) => lng.toLowerCase().startsWith(`${base}-`)) ?? tag;
}

function isLanguage(lng: string): lng is Language {
  return (LANGUAGES as readonly string[]).includes(lng);
}

/**
 * Each catalogue is its own chunk, fetched when its language is first used: a trader downloads
 * one language, not three (issue 12). Switching language loads the new one before the switch.
 */
const catalogueLoaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  'pt-BR': () => import('./pt-BR.json'),
  'en-US': () => import('./en-US.json'),
  'es-ES': () => import('./es-ES.json'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, _namespace, callback) => {
    const load = isLanguage(lng) ? catalogueLoaders[lng] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Resolves when the active language's catalogue has arrived: render after it (main.tsx). */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(LanguageDetector)
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
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: toSupportedLanguage,
    },
  })
  .then(() => undefined);

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', syncHtmlLang);

export { i18n };
