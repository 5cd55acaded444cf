import type { i18n as I18n } from 'i18next'

/**
 * French writes « de » as « d’ » before a word that starts with a vowel sound: « le profil
 * d’Amara », « le dossier de Julien ». A catalogue's French text says `{{name, de}}` where a
 * person's name follows « de »; the name itself is shown as written. A name starting with « h »
 * keeps « de »: whether its h is silent depends on the name.
 */
const VOWEL_FIRST = /^[aeiouàâäéèêëîïôöùûü]/i

export function withDe(name: string) {
  return VOWEL_FIRST.test(name) ? `d’${name}` : `de ${name}`
}

/** Adds the `de` format to an instance, once it is initialised (server and browser alike). */
export function registerElision(instance: I18n) {
  instance.services.formatter?.add('de', (value) => withDe(String(value)))
}
