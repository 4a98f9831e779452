/* global URL, process, console -- a Node script (eslint.config.js gives Node globals to build/*.ts only) */
// Native icons and splash screens from the app's own icon (public/favicon.svg), drawn by headless
// Chromium at every size the committed Android/iOS projects use. @capacitor/assets would do this
// offline too, but its sharp 0.32 downloads libvips from GitHub at install, which this machine
// cannot reach. Run: node build/native-assets.mjs (needs Debian's chromium or CHROMIUM_PATH).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const ICON_BG = '#1f2a44'; // the icon's own background (public/favicon.svg)
const SPLASH_BG = '#121212'; // dark splash: Ionic's dark background, no white flash at night
// The icon's glyph (horn and valves) on its 64-unit grid, without the rounded square.
const GLYPH = readFileSync(join(root, 'public/favicon.svg'), 'utf8')
  .replace(/<rect[^>]*\/>/, '')
  .replace(/<\/?svg[^>]*>/g, '');

const svg = (size, body, viewBox = '0 0 64 64') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size.w}" height="${size.h}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid meet">${body}</svg>`;

/** What each file shows, by name: full icon, round icon, adaptive foreground, splash. */
function drawing(name, w, h) {
  if (name === 'ic_launcher.png')
    return svg({ w, h }, `<rect width="64" height="64" rx="14" fill="${ICON_BG}"/>${GLYPH}`);
  if (name === 'ic_launcher_round.png')
    return svg({ w, h }, `<circle cx="32" cy="32" r="32" fill="${ICON_BG}"/>${GLYPH}`);
  // Adaptive icon: 108 dp canvas, the glyph inside the 66 dp safe zone; background colour separate.
  if (name === 'ic_launcher_foreground.png') return svg({ w, h }, GLYPH, '-22 -22 108 108');
  if (name.startsWith('AppIcon'))
    return svg({ w, h }, `<rect width="64" height="64" fill="${ICON_BG}"/>${GLYPH}`);
  // Splash: the icon, a fifth of the short side, centred on the dark background.
  const side = Math.min(w, h) / 5;
  const vbW = (64 * w) / side;
  const vbH = (64 * h) / side;
  return svg(
    { w, h },
    `<rect x="${-vbW}" y="${-vbH}" width="${3 * vbW}" height="${3 * vbH}" fill="${SPLASH_BG}"/><rect width="64" height="64" rx="14" fill="${ICON_BG}"/>${GLYPH}`,
    `${32 - vbW / 2} ${32 - vbH / 2} ${vbW} ${vbH}`,
  );
}

function pngSize(file) {
  const b = readFileSync(file);
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

function* pngs(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* pngs(path);
    else if (entry.endsWith('.png')) yield path;
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });
const targets = [
  ...pngs(join(root, 'android/app/src/main/res')),
  ...pngs(join(root, 'ios/App/App/Assets.xcassets')),
];
for (const file of targets) {
  const name = file.split('/').pop();
  const { w, h } = pngSize(file);
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${drawing(name, w, h)}</body></html>`,
  );
  await page.screenshot({
    path: file,
    omitBackground: true,
    clip: { x: 0, y: 0, width: w, height: h },
  });
  console.log(`${w}×${h} ${file.slice(root.length)}`);
}
await browser.close();
