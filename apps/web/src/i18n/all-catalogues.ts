import type { Language } from '@app/contract';
import enUS from './en-US.json';
import esES from './es-ES.json';
import ptBR from './pt-BR.json';

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
