import type { LanguageDetectorModule } from 'i18next';

/** Where the chosen language is kept (the name `i18next-browser-languagedetector` used). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // storage or cookies blocked by the browser
  }
}

/**
 * The language candidates in the order `i18next-browser-languagedetector` looked them up for us
 * (query string `lng`, the `i18next` cookie, localStorage and sessionStorage `i18nextLng`, the
 * browser's languages, `<html lang>`), each mapped by `convert`; i18next takes the first it
 * supports. Written out here (~0.5 kB) instead of that package (~2 kB gzip of the login page);
 * the chosen language is cached in localStorage as before, and in the `i18next`
 * cookie, so the server sends the login page it rendered at build time in that language.
 */
export function languageDetector(convert: (tag: string) => string): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect() {
      const found: (string | null | undefined)[] = [
        safely(() => new URLSearchParams(window.location.search).get('lng')),
        safely(() => /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1]),
        safely(() => localStorage.getItem(LANGUAGE_STORAGE_KEY)),
        safely(() => sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
        ...(safely(() => navigator.languages) ?? []),
        safely(() => navigator.language),
        safely(() => document.documentElement.getAttribute('lang')),
      ];
      return found
        .filter((tag): tag is string => typeof tag === 'string' && tag !== '')
        .map((tag) => convert(decodeURIComponent(tag)));
    },
    cacheUserLanguage(lng) {
      if (lng === 'cimode') return;
      safely(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, lng));
      // And as the cookie, which the server reads to send the login page in this language.
      safely(() => {
        document.cookie = `i18next=${encodeURIComponent(lng)}; path=/; max-age=31536000; samesite=lax`;
      });
    },
  };
}
