// Draws the PWA's icons (the brand mark: an N on the accent gradient) as PNGs in public/icons with headless Chromium.
// Run once after changing the mark: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed as source assets.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const N = 'M19 45V19h6l14 17V19h6v26h-6L25 28v17z';
const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1fd1a5"/>
  <stop offset="1" stop-color="#0e9f84"/></linearGradient></defs>`;
// "any": the rounded tile as in the app. "maskable": full bleed, the N inside the central 80 % safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" rx="14" fill="url(#g)"/><path d="${N}" fill="#04221b"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">
  <path d="${N}" fill="#04221b"/></g></svg>`;

const out = new URL('../public/icons/', import.meta.url);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  writeFileSync(
    new URL(name, out),
    await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
  );
}
await browser.close();
