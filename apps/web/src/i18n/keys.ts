import type ptBR from './pt-BR.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the catalogues (pt-BR is the reference; a test keeps the other two identical). */
export type I18nKey = Leaves<typeof ptBR>;

/**
 * Marks a key built at run time (an enum label, a field name, a server error code) as a catalogue
 * key. The catalogue test proves every such key exists in all three languages.
 */
export function dynamicKey(key: string): I18nKey {
  return key as I18nKey;
}
