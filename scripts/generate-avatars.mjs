#!/usr/bin/env node
// Draws the demo people's photos (apps/api/src/seed/avatars/NN.png): flat illustrated portraits,
// made once with this script and committed, so no start or install downloads anything.
// Run again after changing it: node scripts/generate-avatars.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const out = resolve(import.meta.dirname, '../apps/api/src/seed/avatars');
const SKIN = ['#f6d3b3', '#e8b48f', '#c98e62', '#a86b43', '#7c4a2d', '#5a3520'];
const HAIR = ['#1f1a17', '#3b2a20', '#6b4226', '#a0522d', '#d8b068', '#8d8d8d', '#2b2b3a'];
const BACK = ['#dbe4ff', '#d3f9d8', '#fff3bf', '#ffe3e3', '#e5dbff', '#c5f6fa', '#ffe8cc', '#e9ecef'];
const SHIRT = ['#364fc7', '#2b8a3e', '#c92a2a', '#5f3dc4', '#0b7285', '#e67700', '#495057', '#a61e4d'];

/** Hair drawn behind the head (long styles) and on top of it. */
const STYLES = [
  { back: '', top: 'M52 74 Q54 40 80 38 Q106 40 108 74 Q100 52 80 52 Q60 52 52 74 Z' },
  {
    back: 'M46 70 Q44 120 56 132 L104 132 Q116 120 114 70 Z',
    top: 'M48 78 Q48 36 80 36 Q112 36 112 78 Q104 50 80 50 Q56 50 48 78 Z',
  },
  { back: '', top: 'M50 70 Q52 34 80 34 Q108 34 110 70 Q96 58 80 58 Q64 58 50 70 Z', bun: true },
  { back: '', top: 'M50 66 Q56 40 80 40 Q104 40 110 66 Q108 56 96 52 Q80 60 62 52 Q52 56 50 66 Z' },
  {
    back: '',
    top: 'M46 76 q-4 -12 4 -18 q-2 -14 12 -18 q6 -10 18 -6 q12 -4 18 6 q14 4 12 18 q8 6 4 18 q-8 -22 -34 -22 q-26 0 -34 22 Z',
  },
  {
    back: 'M48 72 Q46 104 58 112 L102 112 Q114 104 112 72 Z',
    top: 'M48 76 Q50 38 80 38 Q110 38 112 76 Q90 48 56 64 Q52 68 48 76 Z',
  },
];

function svg(i) {
  const skin = SKIN[(i * 5 + 1) % SKIN.length];
  const hair = HAIR[(i * 3) % HAIR.length];
  const back = BACK[i % BACK.length];
  const shirt = SHIRT[(i * 7 + 2) % SHIRT.length];
  const style = STYLES[i % STYLES.length];
  const beard =
    i % 7 === 3 ? `<path d="M60 88 Q80 118 100 88 Q96 104 80 106 Q64 104 60 88 Z" fill="${hair}"/>` : '';
  const glasses =
    i % 5 === 2
      ? `<g fill="none" stroke="#212529" stroke-width="2.5"><circle cx="70" cy="80" r="8"/><circle cx="90" cy="80" r="8"/><path d="M78 80 h4"/></g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <rect width="160" height="160" fill="${back}"/>
  <path d="${style.back}" fill="${hair}"/>
  <path d="M24 160 Q28 120 80 116 Q132 120 136 160 Z" fill="${shirt}"/>
  <rect x="70" y="96" width="20" height="24" rx="6" fill="${skin}"/>
  <ellipse cx="80" cy="78" rx="28" ry="32" fill="${skin}"/>
  <path d="${style.top}" fill="${hair}"/>${style.bun ? `<circle cx="80" cy="30" r="12" fill="${hair}"/>` : ''}
  <circle cx="70" cy="80" r="3" fill="#212529"/><circle cx="90" cy="80" r="3" fill="#212529"/>
  <path d="M70 96 Q80 104 90 96" fill="none" stroke="#7a3b2e" stroke-width="3" stroke-linecap="round"/>
  ${beard}${glasses}
</svg>`;
}

mkdirSync(out, { recursive: true });
for (let i = 0; i < 24; i++) {
  const png = await sharp(Buffer.from(svg(i)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(join(out, `${String(i + 1).padStart(2, '0')}.png`), png);
}
console.log(`24 avatars in ${out}`);
