import i18n from '../lib/i18n';
import { resources } from '../locales/resources';

/*
 * Tests hold every catalog from the start: a rendered page, or an `i18n.t` in an assertion, never races the chunk
 * a catalog comes in. The app fetches them on demand (lib/i18n.ts); what is read is the same.
 */
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, catalog] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, catalog, true, true);
}

export default i18n;
