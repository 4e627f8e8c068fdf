import type { Language } from '@app/contract';
import enUS from '../i18n/en-US.json';
import esES from '../i18n/es-ES.json';
import ptBR from '../i18n/pt-BR.json';

/**
 * The three catalogues at once, for tests only (the catalogue test compares them; the test setup
 * loads them so screens render text synchronously). The panel itself loads only the active
 * language (index.ts).
 */
export const catalogues: Record<Language, typeof ptBR> = {
  'pt-BR': ptBR,
  'en-US': enUS,
  'es-ES': esES,
};
