import { readFileSync } from 'node:fs';
import { LANGS, REACH } from '@nexa/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
    auth: { login: { subtitle: string }; register: { subtitle: string } };
    about: { intro: string };
  };
/**
 * Login, Register and About state the platform's reach from one source (REACH in @nexa/contract, which the
 * server's index/info answers too): no screen has its own figure, so changing REACH changes every screen.
 */
describe('reach figures: one source for Login, Register and About', () => {
  it.each(LANGS)('%s: the texts take the figures from REACH and show the same ones', async (lang) => {
    const bundle = load(lang);
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { translation: bundle } },
      interpolation: { escapeValue: false },
    });
    // The figures are placeholders, never written into a text.
    expect(bundle.auth.login.subtitle).toContain('{{products}}');
    expect(bundle.auth.register.subtitle).toContain('{{countries}}');
    expect(bundle.about.intro).toContain('{{products}}');
    expect(bundle.about.intro).toContain('{{countries}}');
    for (const text of [bundle.auth.login.subtitle, bundle.auth.register.subtitle, bundle.about.intro]) {
      expect(text).not.toMatch(/\d{2,}|[۰-۹]{2,}/);
    }
    // Filled as the pages fill them: About and Register say the same number of countries, About and Login the
    // same number of products.
    const register = i18n.t('auth.register.subtitle', REACH);
    const login = i18n.t('auth.login.subtitle', REACH);
    const about = i18n.t('about.intro', { ...REACH, name: 'Nexa' });
    expect(register).toContain(String(REACH.countries));
    expect(about).toContain(String(REACH.countries));
    expect(login).toContain(String(REACH.products));
    expect(about).toContain(String(REACH.products));
  });
});
