// Draws the newspaper's link-preview picture and logo into public/images/brand (committed; run again after a change
// of name or colours): `npx tsx scripts/make-brand-images.ts`. The edge handler names them in pages' heads
// (src/render/site-context.ts): a 1200×630 JPEG well under WhatsApp's 300 KB, and a square PNG logo for structured data.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { SITE_DEFAULTS } from '../src/config/site-defaults.ts';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, 'public/images/brand');
mkdirSync(out, { recursive: true });

const BRAND = '#1e3a8a';
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const preview = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${BRAND}"/>
  <rect x="80" y="150" width="180" height="180" rx="32" fill="#fff"/>
  <text x="170" y="275" font-family="DejaVu Serif, Georgia, serif" font-size="96" font-weight="700" fill="${BRAND}" text-anchor="middle">PF</text>
  <text x="300" y="230" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="700" fill="#fff">${escape(SITE_DEFAULTS.name)}</text>
  <text x="300" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#dbeafe">${escape(SITE_DEFAULTS.tagline)}</text>
  <text x="80" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#fff">Notícias de ${escape(SITE_DEFAULTS.city)} – ${SITE_DEFAULTS.state} e região</text>
</svg>`;

await sharp(Buffer.from(preview)).jpeg({ quality: 85, mozjpeg: true }).toFile(resolve(out, 'og-default.jpg'));
await sharp(readFileSync(resolve(root, 'public/favicon.svg')), { density: 1536 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(resolve(out, 'logo.png'));
console.log(`brand images written to ${out}`);
