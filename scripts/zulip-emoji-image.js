#!/usr/bin/env node
/*
 * Draws src/emoji/assets/zulip.png, the image of the special `zulip` emoji
 * (`/static/generated/emoji/images/emoji/unicode/zulip.png` and the other paths Zulip serves
 * it at; docs/api.md, "Emoji, statuses and avatars").
 *
 *   node scripts/zulip-emoji-image.js
 *
 * Zulip's own image is its logo, a trademark its code's licence grants no rights to, so this
 * is an original glyph: a rounded speech bubble with three dots, drawn from the SVG below and
 * rendered with `sharp` at 64x64, the size of the Unicode emoji images served beside it.
 * The PNG is committed; run this again only to change the drawing.
 */
'use strict';

const path = require('node:path');
const sharp = require('sharp');

const OUT = path.resolve(__dirname, '..', 'src', 'emoji', 'assets', 'zulip.png');

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <path d="M14 8 H50 A10 10 0 0 1 60 18 V38 A10 10 0 0 1 50 48 H28 L15 58 L18 48 H14 A10 10 0 0 1 4 38 V18 A10 10 0 0 1 14 8 Z"
        fill="#3f8f5f"/>
  <circle cx="20" cy="28" r="4.5" fill="#ffffff"/>
  <circle cx="32" cy="28" r="4.5" fill="#ffffff"/>
  <circle cx="44" cy="28" r="4.5" fill="#ffffff"/>
</svg>`;

sharp(Buffer.from(SVG))
  .png({ compressionLevel: 9 })
  .toFile(OUT)
  .then((info) => console.log(`${path.relative(process.cwd(), OUT)}: ${info.width}x${info.height}, ${info.size} bytes`))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
