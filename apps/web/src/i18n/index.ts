import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@app/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.json';
import esES from './es-ES.json';
import ptBR from './pt-BR.json';

export const catalogues: Record<Language, typeof ptBR> = {
  'pt-BR': ptBR,
  'en-US': enUS,
  'es-ES': esES,
};

/** Maps a detected tag such as `pt`, `en-GB` or `es-MX` onto one of our three languages. */
export function toSupportedLanguage(tag: string): string {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((lng) => lng.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return LANGUAGES.find((lng) => lng.toLowerCase().startsWith(`${base}-`)) ?? tag;
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: catalogues[lng] }])),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    returnEmptyString: true,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: toSupportedLanguage,
    },
  });

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncHtmlLang(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', syncHtmlLang);

export { i18n };
