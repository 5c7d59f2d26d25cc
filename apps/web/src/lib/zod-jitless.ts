/**
 * zod compiles object parsers with `new Function` after probing for it; the app's CSP (`script-src 'self'`) refuses
 * eval and Chrome reports the probe as a policy violation (Lighthouse's best practices). So its plain parsers, set
 * before zod first loads, without loading it on the first route (importing `config` from `zod/v4/core` brought ~10 KB
 * of zod along): zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object it finds there
 * (zod/v4/core/core.js; `zod-jitless.test.ts` fails if that stops being so).
 */
export function zodJitless(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  g.__zod_globalConfig ??= {};
  g.__zod_globalConfig.jitless = true;
}
