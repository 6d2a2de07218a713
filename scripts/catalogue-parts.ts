/**
 * Vite plugin: each Lingui catalogue in five parts, so a visitor downloads only the words of the
 * screens a visitor can open. `locales/lo.po?part=visitor` holds every message used by the public
 * screens and the shared components (by the `#:` source references Lingui keeps in the .po);
 * `?part=registration` the words only the registration screens use, loaded by their guard (a
 * visitor who logs in never needs them); `?part=verify` those of the receiver's checks (the QR's
 * page and a wallet presentation's); `?part=back-office` the words only officers' screens use;
 * `?part=signed-in` the rest (a citizen's signed-in screens, and what they share with the back
 * office), loaded by those areas' guards (src/lib/i18n.ts). The .po files stay one per language:
 * nothing changes for translators.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';

/** Source folders of a citizen's signed-in screens: their words wait for sign-in (the rest is a visitor's). */
const SIGNED_IN_SOURCES = [
  /^src\/routes\/_auth/,
  /^src\/routes\/-citizen-area/,
  /^src\/components\/ui\/offline-notice/,
  /^src\/components\/ui\/file-input/,
  // Statuses show on a citizen's applications and in the back office, never to a visitor.
  /^src\/components\/ui\/status-badge/,
  /^src\/components\/ui\/pdf-pages/,
  /^src\/components\/ui\/document-(pane|viewer)/,
  // The application's own fields: only the signed-in application and re-apply forms show them.
  /^src\/components\/forms\/applicant-fields/,
  /^src\/components\/application\//,
  /^src\/components\/outbox\//,
  /^src\/components\/push\//,
  /^src\/lib\/outbox\//,
  /^src\/lib\/application-/,
  /^src\/features\/(account|answer-request|application|certificate|history|home|notifications|outbox|payment|pickup|reapply|help)\//,
];

/** Source folders of the back office: an officer's screens, their sign-in steps, the office's desks. */
const BACK_OFFICE_SOURCES = [
  /^src\/routes\/_officer/,
  /^src\/routes\/_guest\/officer-/,
  /^src\/features\/(officer|officer-sign-in|office-figures|pickup-desk)\//,
];

/** Source folders whose messages only the registration screens show. */
const REGISTRATION_SOURCES = [/^src\/routes\/_guest\/register/, /^src\/features\/registration\//];

/** Source folders of the receiver's checks (a certificate's QR, a wallet's presentation). */
const VERIFY_SOURCES = [/^src\/routes\/verify/, /^src\/features\/verify\//];

type Part = 'visitor' | 'registration' | 'verify' | 'signed-in' | 'back-office';

const only = (origins: [string, number?][] | undefined, sources: RegExp[]) =>
  !!origins?.length && origins.every(([file]) => sources.some((re) => re.test(file.replace(/\\/g, '/'))));

const partOf = (origins: [string, number?][] | undefined): Part =>
  only(origins, BACK_OFFICE_SOURCES)
    ? 'back-office'
    : only(origins, [...SIGNED_IN_SOURCES, ...BACK_OFFICE_SOURCES])
      ? 'signed-in'
      : only(origins, REGISTRATION_SOURCES)
        ? 'registration'
        : only(origins, VERIFY_SOURCES)
          ? 'verify'
          : 'visitor';

export function catalogueParts(): Plugin {
  const config = getConfig();
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    async transform(_src, id) {
      const m = /\.po\?part=(visitor|registration|verify|signed-in|back-office)$/.exec(id);
      if (!m) return;
      const file = path.relative(config.rootDir!, id.split('?')[0]);
      const found = getCatalogForFile(file, await getCatalogs(config));
      if (!found) throw new Error(`${file} is not a catalogue of lingui.config.ts`);
      const { locale, catalog } = found;
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales as never,
        sourceLocale: config.sourceLocale!,
      });
      const entries = await catalog.read(locale);
      const part = Object.fromEntries(
        Object.entries(messages).filter(([key]) => partOf(entries?.[key]?.origin as [string, number?][]) === m[1]),
      );
      const { source } = createCompiledCatalog(locale, part, { namespace: 'es', pseudoLocale: config.pseudoLocale });
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}
