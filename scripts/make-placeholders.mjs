// Renders the original placeholder images under apps/web/public/images/ from the SVG sources below.
// Everything is simple vector art drawn for this project: no text, no fonts, no third-party artwork.
// Re-runnable and deterministic: `node scripts/make-placeholders.mjs` (needs /usr/bin/chromium or
// CHROMIUM_PATH). Real assets served from ASSET_BASE_URL under the same paths replace these files.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'apps/web/public/images');

// ---------------------------------------------------------------- helpers

const BRAND = { from: '#6366f1', to: '#a855f7' };

/** Deterministic PRNG (mulberry32) so the hero skyline is identical on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function svg(w, h, defs, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

function linear(id, stops, { x1 = 0, y1 = 0, x2 = 1, y2 = 1, user = false } = {}) {
  const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
  const s = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${s}</linearGradient>`;
}

function radial(id, stops, { cx = 0.5, cy = 0.5, r = 0.5, user = false } = {}) {
  const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
  const s = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${units}>${s}</radialGradient>`;
}

/** A white line icon drawn on a 24×24 grid, placed at (x, y) with the given pixel size. */
function icon(markup, x, y, size, strokeWidth = 1.8) {
  return (
    `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="#fff" ` +
    `stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${markup}</g>`
  );
}

/** Solid white shape inside an icon. */
const solid = (d) => `<path d="${d}" fill="#fff" stroke="none"/>`;

/** A stroke that first cuts a gap into what lies below (painted with the tile gradient), then draws. */
const knockout = (d, width = 1.8) =>
  `<path d="${d}" stroke="url(#ko)" stroke-width="${width + 2.6}"/><path d="${d}" stroke-width="${width}"/>`;

function star(cx, cy, outer, inner, points = 5) {
  const pts = [];
  for (let i = 0; i < points * 2; i += 1) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rad = i % 2 === 0 ? outer : inner;
    pts.push(`${r1(cx + rad * Math.cos(a))} ${r1(cy + rad * Math.sin(a))}`);
  }
  return `M${pts.join('L')}Z`;
}

/**
 * Rounded-square tile (128×128, transparent corners) with a diagonal gradient, a white line icon and a
 * soft top sheen. `#ko` is the tile gradient mapped into icon space, used by `knockout`.
 */
function tile(iconMarkup, [from, to]) {
  const s = 72 / 24;
  const o = 28;
  const defs =
    linear(
      'bg',
      [
        [0, from],
        [1, to],
      ],
      { x1: 4, y1: 4, x2: 124, y2: 124, user: true },
    ) +
    linear(
      'ko',
      [
        [0, from],
        [1, to],
      ],
      {
        x1: (4 - o) / s,
        y1: (4 - o) / s,
        x2: (124 - o) / s,
        y2: (124 - o) / s,
        user: true,
      },
    ) +
    linear(
      'sheen',
      [
        [0, '#fff', 0.22],
        [0.55, '#fff', 0],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    );
  return svg(
    128,
    128,
    defs,
    `<rect x="4" y="4" width="120" height="120" rx="28" fill="url(#bg)"/>` +
      icon(iconMarkup, o, o, 72) +
      `<rect x="4" y="4" width="120" height="120" rx="28" fill="url(#sheen)"/>` +
      `<rect x="5" y="5" width="118" height="118" rx="27" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="1.5"/>`,
  );
}

/** Round badge (128×128, transparent outside the circle) used for the bank marks. */
function badge(iconMarkup, [from, to]) {
  const defs =
    linear('bg', [
      [0, from],
      [1, to],
    ]) +
    linear(
      'sheen',
      [
        [0, '#fff', 0.25],
        [0.5, '#fff', 0],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    );
  return svg(
    128,
    128,
    defs,
    `<circle cx="64" cy="64" r="60" fill="url(#bg)"/>` +
      `<circle cx="64" cy="64" r="52" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="2"/>` +
      icon(iconMarkup, 34, 34, 60, 1.9) +
      `<circle cx="64" cy="64" r="60" fill="url(#sheen)"/>`,
  );
}

// ---------------------------------------------------------------- shared shapes (24×24 grid)

const EYE = 'M2 12C5.5 6 18.5 6 22 12C18.5 18 5.5 18 2 12Z';

const SKILLS = [
  // 0 Waffendealer: crate with a pistol resting on it
  `<rect x="3" y="14" width="18" height="7.5" rx="1.4"/><path d="M3 16.8h18M8.5 16.8V21.5M15.5 16.8V21.5"/>` +
    solid('M3.2 3.2H20.6V7.3H8.6L7.3 12.6H3.5L4.9 7.3H3.2Z') +
    `<path d="M8.4 7.3V9.2Q8.4 10.2 9.4 10.2H10.8Q11.8 10.2 11.8 9.2V7.3" stroke-width="1.3"/>` +
    `<path d="M9.9 7.6L9.6 8.9" stroke-width="1"/>`,
  // 1 Schloss knacken: padlock with a pick in the keyhole
  `<path d="M5.5 11V7.5a4 4 0 0 1 8 0V11"/><rect x="2.5" y="11" width="14" height="10" rx="2"/>` +
    `<circle cx="9.5" cy="15.3" r="1.3" fill="#fff" stroke="none"/>` +
    knockout('M9.8 16.2L13 18.1L21.5 22') +
    `<path d="M18 20.4l3.5 1.6" stroke-width="3"/>`,
  // 2 Charisma: speech bubble with a star
  `<path d="M5 3.5h14a2.5 2.5 0 0 1 2.5 2.5v8.5a2.5 2.5 0 0 1-2.5 2.5H11.5L7 21v-4H5a2.5 2.5 0 0 1-2.5-2.5V6A2.5 2.5 0 0 1 5 3.5Z"/>` +
    solid(star(12, 10.4, 4.4, 1.9)),
  // 3 Vertuschung: eye with a slash
  `<path d="${EYE}"/><circle cx="12" cy="12" r="3"/>` + knockout('M4 3.5L20 20.5'),
  // 4 Ambitioniert: mountain with a flag on the summit
  `<path d="M2 20.5L9.5 8.5L13.5 14.5L16 11L22 20.5Z"/><path d="M7.3 12L9.5 13.3L11.3 11.7"/>` +
    `<path d="M9.5 8.5V2.8"/>` +
    solid('M9.5 2.6L15.2 4.4L9.5 6.2Z'),
  // 5 Langfinger: open hand (palm up) with a coin above it
  `<rect x="1.8" y="13" width="2.6" height="8.2" rx=".6"/>` +
    `<path d="M4.4 14.2H9.4a1.9 1.9 0 0 1 0 3.8H7.2"/>` +
    `<path d="M4.4 20.2H12.3L19.9 15.7a1.7 1.7 0 0 0-1.8-2.9L11.3 16.1"/>` +
    `<circle cx="14.5" cy="6.2" r="3.6"/><path d="M14.5 4.6v3.2"/>`,
  // 6 Achtsamkeit: open eye with lashes
  `<path d="${EYE}"/><circle cx="12" cy="12" r="3.2"/><circle cx="12" cy="12" r="1.3" fill="#fff" stroke="none"/>` +
    `<path d="M12 5.8V3.3M6.9 7.3L5.5 5.4M17.1 7.3L18.5 5.4"/>`,
  // 7 Detektiv: magnifying glass
  `<circle cx="10" cy="10" r="6.5"/><path d="M14.8 14.8L21 21" stroke-width="3"/>` +
    `<path d="M6.8 9.2a3.4 3.4 0 0 1 2.4-2.4" stroke-width="1.4"/>`,
  // 8 Entfesselungskünstler: broken chain
  `<rect x="1.5" y="14.5" width="10" height="6" rx="3" transform="rotate(-45 6.5 17.5)"/>` +
    `<rect x="12.5" y="3.5" width="10" height="6" rx="3" transform="rotate(-45 17.5 6.5)"/>` +
    `<path d="M10.3 9.4L9.4 7.3M9.4 10.3L7.3 9.4M13.7 14.6L14.6 16.7M14.6 13.7L16.7 14.6"/>`,
  // 9 Anwalt: scales of justice
  `<path d="M12 4.5V20.5M7.5 20.5h9M4.5 6.5h15"/><circle cx="12" cy="3.6" r="1.2" fill="#fff" stroke="none"/>` +
    `<path d="M4.5 6.5L2.2 13M4.5 6.5L6.8 13M19.5 6.5L17.2 13M19.5 6.5L21.8 13"/>` +
    `<path d="M1.8 13H7.2Q4.5 17.2 1.8 13ZM16.8 13H22.2Q19.5 17.2 16.8 13Z"/>`,
];

const CAR =
  `<path d="M4.8 16.5H2.5V13.3a1 1 0 0 1 .7-.95L6 11.5L8.7 7.9a1 1 0 0 1 .8-.4h5.2a1 1 0 0 1 .8.35L18.6 11.5h1.6a1.3 1.3 0 0 1 1.3 1.3v3.7H19.2M14.8 16.5H9.2"/>` +
  `<path d="M6.2 11.5H18.4M12 7.6V11.5"/><circle cx="7" cy="16.5" r="2.2"/><circle cx="17" cy="16.5" r="2.2"/>`;

const LICENSES = [
  // 0 Führerschein: car
  { colors: ['#4338ca', '#7c3aed'], icon: CAR },
  // 1 Motorradschein: motorcycle
  {
    colors: ['#6d28d9', '#c026d3'],
    icon:
      `<circle cx="5" cy="16.2" r="3.3" stroke-width="2.2"/><circle cx="19" cy="16.2" r="3.3" stroke-width="2.2"/>` +
      `<path d="M19 16.2L16.2 8H18.8M5 16.2L8.2 11.4H11.2M14.8 12.6L16.9 11.6"/>` +
      solid('M6.3 9.3H11.6L11.2 10.8H7.2Z') +
      solid('M11.5 8.8H15.9L15.2 11.5H11.1Z') +
      `<rect x="9.6" y="11.9" width="5" height="3.4" rx=".8" fill="#fff" stroke="none"/>`,
  },
  // 2 Flugschein: plane (top view)
  {
    colors: ['#0369a1', '#6366f1'],
    icon: `<path transform="rotate(45 12 12)" d="M12 2C12.9 2 13.4 3 13.4 4.5V9.2L21 13.6V15.4L13.4 13V18L15.8 19.8V21.3L12 20.3L8.2 21.3V19.8L10.6 18V13L3 15.4V13.6L10.6 9.2V4.5C10.6 3 11.1 2 12 2Z"/>`,
  },
  // 3 Bootsschein: sailing boat on a wave
  {
    colors: ['#0f766e', '#0284c7'],
    icon:
      `<path d="M12 2.8V15.5M12 3.5L18.6 13.5H12M10.4 6L5.4 13.5H10.4"/>` +
      `<path d="M3 15.5H21L18.6 19H5.4Z"/><path d="M2 21.8q2.5-1.6 5 0t5 0t5 0t5 0"/>`,
  },
];

/** Driving-licence style card (160×100, transparent corners). */
function card({ colors: [from, to], icon: markup }) {
  const defs =
    linear(
      'bg',
      [
        [0, from],
        [1, to],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ) +
    linear(
      'sheen',
      [
        [0, '#fff', 0.2],
        [0.5, '#fff', 0],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    );
  return svg(
    160,
    100,
    defs,
    `<rect x="2" y="2" width="156" height="96" rx="12" fill="url(#bg)"/>` +
      `<circle cx="44" cy="50" r="30" fill="#fff" fill-opacity="0.14"/>` +
      icon(markup, 20, 26, 48, 1.8) +
      `<rect x="86" y="30" width="54" height="8" rx="4" fill="#fff" fill-opacity="0.85"/>` +
      `<rect x="86" y="45" width="42" height="5" rx="2.5" fill="#fff" fill-opacity="0.45"/>` +
      `<rect x="86" y="56" width="50" height="5" rx="2.5" fill="#fff" fill-opacity="0.45"/>` +
      `<rect x="86" y="67" width="30" height="5" rx="2.5" fill="#fff" fill-opacity="0.45"/>` +
      `<rect x="2" y="2" width="156" height="96" rx="12" fill="url(#sheen)"/>` +
      `<rect x="3" y="3" width="154" height="94" rx="11" fill="none" stroke="#fff" stroke-opacity="0.2" stroke-width="1.5"/>`,
  );
}

function sunRays() {
  const d = [];
  for (const deg of [180, 150, 120, 90, 60, 30, 0].slice(1, -1)) {
    const a = (deg * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    d.push(`M${r1(12 + 7.6 * c)} ${r1(15.5 - 7.6 * s)}L${r1(12 + 10 * c)} ${r1(15.5 - 10 * s)}`);
  }
  return d.join('');
}

const BANKS = [
  // 0 classic bank: columns building
  {
    colors: ['#2563eb', '#1e3a8a'],
    icon:
      `<path d="M3 8.5L12 3.5L21 8.5Z"/>` +
      `<path d="M4 10.8h16M6 13v4.5M10 13v4.5M14 13v4.5M18 13v4.5M4 19.5h16M2.5 21.8h19"/>`,
  },
  // 1 shield
  {
    colors: ['#10b981', '#065f46'],
    icon:
      `<path d="M12 2.5L20 5.5V11C20 16 16.6 19.6 12 21.5C7.4 19.6 4 16 4 11V5.5Z"/>` +
      `<path d="M8.5 11.8L11 14.3L15.6 9.4"/>`,
  },
  // 2 San Fierro: suspension bridge
  {
    colors: ['#ef4444', '#7f1d1d'],
    icon:
      `<path d="M7 21V4.5M17 21V4.5" stroke-width="2.3"/><path d="M1.8 15.5H22.2"/>` +
      `<path d="M1.5 12.5L7 5Q12 13 17 5L22.5 12.5"/><path d="M9.5 8.2V15.5M12 9.2V15.5M14.5 8.2V15.5M3.5 11V15.5M20.5 11V15.5" stroke-width="1.2"/>` +
      `<path d="M3 19h2M10 19h4M19 19h2" stroke-width="1.4"/>`,
  },
  // 3 Las Venturas Royal: crown
  {
    colors: ['#f59e0b', '#92400e'],
    icon:
      `<path d="M4.5 17L3.3 7.8L8.3 11.6L12 5.3L15.7 11.6L20.7 7.8L19.5 17Z"/><path d="M4.5 20.5h15"/>` +
      `<circle cx="3.3" cy="6.6" r="1.3" fill="#fff" stroke="none"/><circle cx="12" cy="4" r="1.3" fill="#fff" stroke="none"/>` +
      `<circle cx="20.7" cy="6.6" r="1.3" fill="#fff" stroke="none"/><circle cx="12" cy="13.6" r="1.3" fill="#fff" stroke="none"/>`,
  },
  // 4 Palomino Horizon: sun over the horizon
  {
    colors: ['#fb923c', '#be185d'],
    icon: `<path d="M6.5 15.5a5.5 5.5 0 0 1 11 0"/><path d="M2 15.5h20M5.5 18.7h13M9 21.8h6"/><path d="${sunRays()}"/>`,
  },
  // 5 Bayside Maritime: anchor over a wave
  {
    colors: ['#06b6d4', '#164e63'],
    icon:
      `<circle cx="12" cy="4.3" r="2"/><path d="M12 6.3V19.5M8.3 9.6H15.7"/>` +
      `<path d="M4.2 12.8C4.6 16.8 8 19.5 12 19.5S19.4 16.8 19.8 12.8M2.7 14.4L4.2 12.5L6.1 14M21.3 14.4L19.8 12.5L17.9 14"/>` +
      `<path d="M3 22.3q2.25-1.4 4.5 0t4.5 0t4.5 0t4.5 0" stroke-width="1.5"/>`,
  },
];

// ---------------------------------------------------------------- logo

function logoSvg() {
  const hex = [];
  const inner = [];
  for (let i = 0; i < 6; i += 1) {
    const a = ((-90 + 60 * i) * Math.PI) / 180;
    hex.push(`${r1(128 + 110 * Math.cos(a))} ${r1(128 + 110 * Math.sin(a))}`);
    inner.push(`${r1(128 + 92 * Math.cos(a))} ${r1(128 + 92 * Math.sin(a))}`);
  }
  const hexPath = `M${hex.join('L')}Z`;
  const n = 'M84 80H106L150 147V80H172V176H150L106 109V176H84Z';
  const defs =
    linear('bg', [
      [0, BRAND.from],
      [1, BRAND.to],
    ]) +
    linear(
      'sheen',
      [
        [0, '#fff', 0.24],
        [0.5, '#fff', 0],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    linear(
      'n',
      [
        [0, '#ffffff'],
        [1, '#e0e7ff'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    );
  return svg(
    256,
    256,
    defs,
    `<path d="${hexPath}" fill="url(#bg)" stroke="url(#bg)" stroke-width="16" stroke-linejoin="round"/>` +
      `<path d="M${inner.join('L')}Z" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="${n}" transform="translate(3 5)" fill="#1e1b4b" fill-opacity="0.28"/>` +
      `<path d="${n}" fill="url(#n)" stroke="url(#n)" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="${hexPath}" fill="url(#sheen)" stroke="none"/>`,
  );
}

// ---------------------------------------------------------------- placeholders

/** Clothing variants of the skin and avatar pictures (@nova/domain SKIN_VARIANT_COUNT = 12). */
const SKIN_VARIANTS = [
  { head: '#c8a58a', top: '#4f6ad8', legs: '#2f3650' },
  { head: '#8d5f45', top: '#d0603f', legs: '#3a3a44' },
  { head: '#e0bfa2', top: '#3f9c6d', legs: '#4b3a2d' },
  { head: '#6b4633', top: '#c9a23a', legs: '#2a3140' },
  { head: '#d7ae8f', top: '#9a4fc8', legs: '#30303a' },
  { head: '#a77656', top: '#3a8db8', legs: '#5b4a3a' },
  { head: '#f0cdb0', top: '#b83f5c', legs: '#283046' },
  { head: '#7a5038', top: '#5c6b7a', legs: '#1f2430' },
  { head: '#c29574', top: '#e08a2e', legs: '#3d4654' },
  { head: '#5c3d2c', top: '#2f9e9e', legs: '#3b2f44' },
  { head: '#e3b999', top: '#6a7d2f', legs: '#2d2d2d' },
  { head: '#946548', top: '#4a4fa8', legs: '#57534e' },
];

function skinSvg(variant = { head: '#a3a8bd', top: '#8a8fa6', legs: '#6b7089' }) {
  const defs =
    linear(
      'g',
      [
        [0, '#a3a8bd'],
        [1, '#6b7089'],
      ],
      { x1: 0, y1: 20, x2: 0, y2: 290, user: true },
    ) +
    radial('shadow', [
      [0, '#000', 0.28],
      [1, '#000', 0],
    ]);
  return svg(
    200,
    300,
    defs,
    `<ellipse cx="100" cy="287" rx="58" ry="9" fill="url(#shadow)"/>` +
      `<g stroke-linecap="round" stroke-linejoin="round">` +
      `<circle cx="100" cy="40" r="23" fill="${variant.head}"/>` +
      `<rect x="91" y="58" width="18" height="22" rx="6" fill="${variant.head}"/>` +
      `<path d="M63 90L52 166" stroke="${variant.head}" stroke-width="16" fill="none"/>` +
      `<path d="M137 90L148 166" stroke="${variant.head}" stroke-width="16" fill="none"/>` +
      `<rect x="74" y="148" width="52" height="40" rx="10" fill="${variant.legs}"/>` +
      `<path d="M87 170L86 272M113 170L114 272" stroke="${variant.legs}" stroke-width="24" fill="none"/>` +
      `<path d="M78 281H94M106 281H122" stroke="#2b2b33" stroke-width="11" fill="none"/>` +
      `<path d="M72 76H128Q140 76 141 90L134 160Q133 166 127 166H73Q67 166 66 160L59 90Q60 76 72 76Z" fill="${variant.top}"/>` +
      `<path d="M72 76H128Q140 76 141 90L134 160Q133 166 127 166H73Q67 166 66 160L59 90Q60 76 72 76Z" fill="url(#g)" fill-opacity="0.18"/>` +
      `</g>`,
  );
}

function avatarSvg(variant = null) {
  const defs =
    linear('bg', [
      [0, '#4b4e6d'],
      [1, '#23243a'],
    ]) +
    linear(
      'fg',
      [
        [0, '#d4d6e6'],
        [1, '#9a9db8'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    '<clipPath id="c"><circle cx="128" cy="128" r="128"/></clipPath>';
  return svg(
    256,
    256,
    defs,
    `<g clip-path="url(#c)"><rect width="256" height="256" fill="url(#bg)"/>` +
      (variant
        ? `<circle cx="128" cy="104" r="46" fill="${variant.head}"/>` +
          `<path d="M36 262C36 202 76 168 128 168S220 202 220 262Z" fill="${variant.top}"/>`
        : `<g fill="url(#fg)"><circle cx="128" cy="104" r="46"/>` +
          `<path d="M36 262C36 202 76 168 128 168S220 202 220 262Z"/></g>`) +
      `</g>`,
  );
}

function vehicleSvg() {
  const defs =
    linear(
      'bg',
      [
        [0, '#3b3d5c'],
        [1, '#181929'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    linear(
      'body',
      [
        [0, '#b4b8cc'],
        [1, '#7a7e96'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    radial('shadow', [
      [0, '#000', 0.55],
      [1, '#000', 0],
    ]);
  const wheel = (cx) =>
    `<circle cx="${cx}" cy="172" r="33" fill="#5d6178"/>` +
    `<circle cx="${cx}" cy="172" r="27" fill="#15161f"/>` +
    `<circle cx="${cx}" cy="172" r="13" fill="#9a9eb4"/>` +
    `<circle cx="${cx}" cy="172" r="5" fill="#4a4d62"/>`;
  return svg(
    400,
    250,
    defs,
    `<rect width="400" height="250" fill="url(#bg)"/>` +
      `<ellipse cx="200" cy="202" rx="180" ry="14" fill="url(#shadow)"/>` +
      `<path d="M38 174V148Q38 131 56 128L118 119L154 90Q161 84 172 84H252Q264 84 272 91L306 119L344 125Q362 128 362 146V168Q362 174 356 174Z" fill="url(#body)"/>` +
      `<path d="M128 119L160 93Q164 90 170 90H206V119ZM214 119V90H250Q258 90 264 95L292 119Z" fill="#272a40" fill-opacity="0.88"/>` +
      `<path d="M210 122V168M150 122V150" stroke="#5d6178" stroke-width="2"/>` +
      `<rect x="344" y="134" width="16" height="7" rx="3" fill="#eef0ff"/>` +
      `<rect x="38" y="134" width="10" height="8" rx="3" fill="#c9cbe0"/>` +
      wheel(105) +
      wheel(295),
  );
}

const ITEM =
  `<path d="M12 2.5L20.5 7V17L12 21.5L3.5 17V7Z"/><path d="M3.5 7L12 11.5L20.5 7M12 11.5V21.5"/>` +
  `<path d="M7.8 4.8L16.2 9.3V12.8"/>`;

const TROPHY =
  `<path d="M7 3.5H17V9.5A5 5 0 0 1 7 9.5Z"/>` +
  `<path d="M7 5.5H4.5V7A3 3 0 0 0 7.4 10M17 5.5H19.5V7A3 3 0 0 1 16.6 10"/>` +
  `<path d="M12 14.5V18M8 21H16M9 21V19.5A1.5 1.5 0 0 1 10.5 18H13.5A1.5 1.5 0 0 1 15 19.5V21"/>` +
  solid(star(12, 8.6, 2.6, 1.1));

// ---------------------------------------------------------------- item kinds and vehicle classes

/** One tile per item kind (@nova/domain ITEM_KINDS), each with its own icon and colours. */
const ITEM_KIND_TILES = {
  drink: [
    `<path d="M9 2.5H15M10 2.5V6.5L7.5 10V20.5A1 1 0 0 0 8.5 21.5H15.5A1 1 0 0 0 16.5 20.5V10L14 6.5V2.5"/><path d="M7.5 13H16.5M7.5 17.5H16.5"/>`,
    ['#0ea5e9', '#0369a1'],
  ],
  food: [
    `<path d="M12 7.5C10 6 4.5 5.8 4.5 11.5C4.5 16.5 8 21.3 12 20.3C16 21.3 19.5 16.5 19.5 11.5C19.5 5.8 14 6 12 7.5Z"/><path d="M12 7.5C12 5.5 13 3.8 15.5 3"/>`,
    ['#22c55e', '#15803d'],
  ],
  tool: [
    `<path d="M14.5 3.5A4.5 4.5 0 0 0 10.3 9.6L3.5 16.4A1.8 1.8 0 0 0 6.1 19L12.9 12.2A4.5 4.5 0 0 0 19 8L16.4 10.6L13.9 10L13.3 7.5L15.9 4.9A4.5 4.5 0 0 0 14.5 3.5Z"/>`,
    ['#f59e0b', '#b45309'],
  ],
  key: [
    `<circle cx="7.5" cy="16" r="4.5"/><path d="M10.7 12.8L20.5 3M16.5 7L19.5 10M14 9.5L16 11.5"/>`,
    ['#eab308', '#a16207'],
  ],
  gear: [
    `<path d="M12 2.5L20 5.5V11.5C20 16.5 16.5 20 12 21.5C7.5 20 4 16.5 4 11.5V5.5Z"/><path d="M8.5 11.5L11 14L15.5 9"/>`,
    ['#14b8a6', '#0f766e'],
  ],
  drug: [
    `<path d="M4.2 13.3L13.3 4.2A4.2 4.2 0 0 1 19.8 10.7L10.7 19.8A4.2 4.2 0 0 1 4.2 13.3Z"/><path d="M8.8 8.8L15.2 15.2"/>`,
    ['#ec4899', '#9d174d'],
  ],
  melee: [
    `<path d="M20.5 3.5C19.5 2.5 18 2.7 17 3.7L7.5 13.5L10.5 16.5L20.3 7C21.3 6 21.5 4.5 20.5 3.5Z"/><path d="M7.5 13.5L3.8 17.2A1.4 1.4 0 0 0 3.8 19.2L4.8 20.2A1.4 1.4 0 0 0 6.8 20.2L10.5 16.5"/>`,
    ['#ef4444', '#991b1b'],
  ],
  pistol: [
    `<path d="M3 7.5H20.5V11.5H12L11 13.5H8.5L7 20.5H3L5 11.5H3Z"/><path d="M10 11.5V13.5"/>`,
    ['#64748b', '#1e293b'],
  ],
  rifle: [
    `<path d="M2 10H17L21.5 8.5V11.5L17 12.5H12L11 14H8L6 20H3.5L5 14H2Z"/><path d="M9 7.5H13V10"/>`,
    ['#78716c', '#292524'],
  ],
  media: [
    `<rect x="2.5" y="7" width="19" height="13" rx="2"/><path d="M8 7L9.5 4H14.5L16 7"/><circle cx="12" cy="13.5" r="3.5"/>`,
    ['#8b5cf6', '#5b21b6'],
  ],
  paper: [
    `<path d="M3.5 6.5H20.5V10A2 2 0 0 0 20.5 14V17.5H3.5V14A2 2 0 0 0 3.5 10Z"/><path d="M14.5 6.5V8M14.5 11.2V12.8M14.5 16V17.5"/>`,
    ['#f97316', '#c2410c'],
  ],
  firework: [
    `<path d="M12 2.5V7M12 17V21.5M2.5 12H7M17 12H21.5M5.3 5.3L8.5 8.5M15.5 15.5L18.7 18.7M5.3 18.7L8.5 15.5M15.5 8.5L18.7 5.3"/>` +
      solid('M12 9.3A2.7 2.7 0 1 1 12 14.7A2.7 2.7 0 1 1 12 9.3Z'),
    ['#d946ef', '#6d28d9'],
  ],
  material: [
    `<path d="M2.5 18.5L5.5 11.5H18.5L21.5 18.5Z"/><path d="M7 11.5L8.5 6.5H15.5L17 11.5"/>`,
    ['#94a3b8', '#475569'],
  ],
  misc: [ITEM, ['#64748b', '#334155']],
};

/** Vehicle classes 1–9 as a large icon (0, Pkw, is the drawn car of vehicleSvg). */
const VEHICLE_CLASS_ICONS = [
  null,
  // 1 Motorrad
  `<circle cx="5.5" cy="16" r="3.5"/><circle cx="18.5" cy="16" r="3.5"/><path d="M5.5 16L9.5 10H14.5L18.5 16M9.5 10L8 7.5H5.5M14.5 10L16 7H19"/>`,
  // 2 Nutzfahrzeug
  `<path d="M2.5 6.5H13.5V16.5H2.5Z"/><path d="M13.5 9.5H18L21.5 13V16.5H13.5"/><circle cx="6.5" cy="17.5" r="2"/><circle cx="17" cy="17.5" r="2"/>`,
  // 3 Boot
  `<path d="M2.5 14.5H21.5L18.5 19.5H5.5Z"/><path d="M6 14.5V10H14L17 14.5"/><path d="M12 10V4.5L16 7.5L12 8.5"/>`,
  // 4 Helikopter
  `<path d="M3 4.5H21M12 4.5V7.5"/><path d="M5.5 12A4.5 4.5 0 0 1 10 7.5H14A4.5 4.5 0 0 1 14 16.5H10A4.5 4.5 0 0 1 5.5 12Z"/><path d="M18.5 12H21.5L22 9.5M8 19.5H16M10 16.5V19.5M14 16.5V19.5"/>`,
  // 5 Anhänger
  `<rect x="2.5" y="6.5" width="15" height="10" rx="1"/><path d="M17.5 14.5H21.5"/><circle cx="7" cy="18" r="2"/><circle cx="12" cy="18" r="2"/>`,
  // 6 Flugzeug
  `<path d="M21 12C21 11 20 10.5 19 10.5H14.5L10 3.5H8L10 10.5H5.5L4 8.5H2.5L3.5 12L2.5 15.5H4L5.5 13.5H10L8 20.5H10L14.5 13.5H19C20 13.5 21 13 21 12Z"/>`,
  // 7 Fahrrad
  `<circle cx="5.5" cy="15.5" r="4"/><circle cx="18.5" cy="15.5" r="4"/><path d="M5.5 15.5L9.5 8.5H15.5L18.5 15.5M9.5 8.5L12.5 15.5H5.5M12.5 15.5L15.5 8.5M8 6H11M15.5 8.5L15 5.5H17.5"/>`,
  // 8 Zug
  `<rect x="5" y="3" width="14" height="14" rx="3"/><path d="M5 10H19M9 21L10.5 17M15 21L13.5 17"/>` +
    solid('M9 12.5A1 1 0 1 1 9 14.5A1 1 0 1 1 9 12.5Z') +
    solid('M15 12.5A1 1 0 1 1 15 14.5A1 1 0 1 1 15 12.5Z'),
  // 9 Ferngesteuert
  `<rect x="3" y="9" width="18" height="10" rx="3"/><path d="M12 9V3.5M7.5 12V16M5.5 14H9.5"/>` +
    solid('M16 12A1 1 0 1 1 16 14A1 1 0 1 1 16 12Z') +
    solid('M18 14.5A1 1 0 1 1 18 16.5A1 1 0 1 1 18 14.5Z'),
];

const VEHICLE_CLASS_COLORS = [
  null,
  ['#7c3aed', '#1e1b4b'],
  ['#b45309', '#1c1917'],
  ['#0369a1', '#0c1a2e'],
  ['#047857', '#052e16'],
  ['#57534e', '#1c1917'],
  ['#2563eb', '#0f172a'],
  ['#16a34a', '#14231a'],
  ['#b91c1c', '#1f1012'],
  ['#c026d3', '#2a0f2e'],
];

function vehicleClassSvg(markup, [from, to]) {
  const defs =
    linear(
      'bg',
      [
        [0, from],
        [1, to],
      ],
      { x1: 0, y1: 0, x2: 0.4, y2: 1 },
    ) +
    radial('shadow', [
      [0, '#000', 0.45],
      [1, '#000', 0],
    ]);
  return svg(
    400,
    250,
    defs,
    `<rect width="400" height="250" fill="url(#bg)"/>` +
      `<ellipse cx="200" cy="212" rx="150" ry="12" fill="url(#shadow)"/>` +
      icon(markup, 120, 40, 160, 1.4),
  );
}

// ---------------------------------------------------------------- hero

function heroSvg() {
  const W = 1600;
  const H = 900;
  const rnd = prng(20240611);
  const parts = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    `<circle cx="1270" cy="170" r="140" fill="url(#moon)"/>`,
    `<circle cx="1270" cy="170" r="38" fill="#e9e5ff" fill-opacity="0.9"/>`,
    heroStars(rnd, W),
  ];
  // Layers from far to near: colour, skyline height range, window probability.
  const layers = [
    { color: '#2a1f5e', min: 250, max: 430, wMin: 50, wMax: 120, lit: 0, haze: true },
    { color: '#1a1340', min: 170, max: 360, wMin: 60, wMax: 140, lit: 0.1, haze: true },
    { color: '#0c0a1f', min: 90, max: 250, wMin: 80, wMax: 180, lit: 0.17, haze: false },
  ];
  for (const layer of layers) parts.push(...skylineLayer(rnd, layer, W, H));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#shade)"/>`);
  return svg(W, H, heroDefs(), parts.join(''));
}

/** The hero's gradients: night sky, the city's glow, the moon's halo, haze and the bottom shade. */
function heroDefs() {
  return (
    linear(
      'sky',
      [
        [0, '#060514'],
        [0.4, '#141036'],
        [0.72, '#2e1a66'],
        [1, '#4c2590'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    radial(
      'glow',
      [
        [0, '#8b5cf6', 0.6],
        [1, '#8b5cf6', 0],
      ],
      { cx: 800, cy: 760, r: 760, user: true },
    ) +
    radial(
      'moon',
      [
        [0, '#c4b5fd', 0.35],
        [1, '#c4b5fd', 0],
      ],
      { cx: 1270, cy: 170, r: 140, user: true },
    ) +
    linear(
      'haze',
      [
        [0, '#6d4bd8', 0],
        [1, '#6d4bd8', 0.22],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ) +
    linear(
      'shade',
      [
        [0, '#05040f', 0.15],
        [0.6, '#05040f', 0.25],
        [1, '#05040f', 0.75],
      ],
      {
        x1: 0,
        y1: 0,
        x2: 0,
        y2: 1,
      },
    )
  );
}

function heroStars(rnd, W) {
  const stars = [];
  for (let i = 0; i < 110; i += 1) {
    const x = r1(rnd() * W);
    const y = r1(rnd() * 430);
    const r = r1(0.6 + rnd() * 1.1);
    const o = r1(0.25 + rnd() * 0.65);
    stars.push(`<circle cx="${x}" cy="${y}" r="${r}" fill-opacity="${o}"/>`);
  }
  return `<g fill="#fff">${stars.join('')}</g>`;
}

/** One row of buildings with roofs and lit windows; the haze in front of the far rows. */
function skylineLayer(rnd, layer, W, H) {
  const parts = [];
  const blocks = [];
  const windows = [];
  let x = -20 - rnd() * 40;
  while (x < W + 20) {
    const w = Math.round(layer.wMin + rnd() * (layer.wMax - layer.wMin));
    const h = Math.round(layer.min + rnd() * (layer.max - layer.min));
    const top = H - h;
    blocks.push(`<rect x="${Math.round(x)}" y="${top}" width="${w}" height="${h}"/>`);
    const roof = rnd();
    if (roof < 0.25) {
      blocks.push(`<rect x="${Math.round(x + w / 2 - 1.5)}" y="${top - 40}" width="3" height="40"/>`);
    } else if (roof < 0.45) {
      blocks.push(
        `<rect x="${Math.round(x + w * 0.2)}" y="${top - 18}" width="${Math.round(w * 0.6)}" height="18"/>`,
      );
    }
    if (layer.lit > 0) {
      for (let wy = top + 18; wy < H - 20; wy += 22) {
        for (let wx = x + 10; wx < x + w - 16; wx += 16) {
          const p = rnd();
          if (p < layer.lit) {
            const warm = rnd() < 0.7;
            windows.push(
              `<rect x="${Math.round(wx)}" y="${wy}" width="7" height="10" fill="${warm ? '#ffd27a' : '#c4b5fd'}" fill-opacity="${r1(0.35 + rnd() * 0.5)}"/>`,
            );
          }
        }
      }
    }
    x += w + Math.round(rnd() * 14);
  }
  parts.push(`<g fill="${layer.color}">${blocks.join('')}</g>`);
  if (windows.length > 0) parts.push(`<g>${windows.join('')}</g>`);
  if (layer.haze) parts.push(`<rect y="420" width="${W}" height="${H - 420}" fill="url(#haze)"/>`);
  return parts;
}

// ---------------------------------------------------------------- PNG size reduction
// Chromium dithers gradients, which makes its RGBA screenshots compress badly. Each PNG is therefore
// re-encoded as an 8-bit palette PNG (≤128 colours: median cut + a few k-means passes, no dithering)
// when that is smaller.

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Decodes the 8-bit RGBA / RGB non-interlaced PNGs that Chromium writes into RGBA pixels. */
function decodePng(buf) {
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0 || (data[9] !== 6 && data[9] !== 2)) return null;
      channels = data[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      let p = 0;
      if (filter === 1) p = a;
      else if (filter === 2) p = b;
      else if (filter === 3) p = (a + b) >> 1;
      else if (filter === 4) {
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[y * stride + x] = (v + p) & 255;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba[i * 4] = px[i * channels];
    rgba[i * 4 + 1] = px[i * channels + 1];
    rgba[i * 4 + 2] = px[i * channels + 2];
    rgba[i * 4 + 3] = channels === 4 ? px[i * channels + 3] : 255;
  }
  return { width, height, rgba };
}

/** Median cut over the distinct colours (weighted by count), refined by k-means. */
function buildPalette(colors, size) {
  let boxes = [colors];
  const range = (box, ch) => {
    let lo = 255;
    let hi = 0;
    for (const c of box) {
      lo = Math.min(lo, c.v[ch]);
      hi = Math.max(hi, c.v[ch]);
    }
    return hi - lo;
  };
  while (boxes.length < size) {
    let best = -1;
    let bestScore = 0;
    let bestCh = 0;
    boxes.forEach((box, i) => {
      if (box.length < 2) return;
      const weight = box.reduce((s, c) => s + c.n, 0);
      for (let ch = 0; ch < 4; ch += 1) {
        const score = range(box, ch) * Math.sqrt(weight);
        if (score > bestScore) [best, bestScore, bestCh] = [i, score, ch];
      }
    });
    if (best < 0) break;
    const box = [...boxes[best]].sort((p, q) => p.v[bestCh] - q.v[bestCh] || p.key - q.key);
    const total = box.reduce((s, c) => s + c.n, 0);
    let acc = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut += 1) {
      acc += box[cut - 1].n;
      if (acc >= total / 2) break;
    }
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut));
  }
  let palette = boxes.map((box) => {
    const sum = [0, 0, 0, 0];
    let n = 0;
    for (const c of box) {
      for (let ch = 0; ch < 4; ch += 1) sum[ch] += c.v[ch] * c.n;
      n += c.n;
    }
    return sum.map((s) => Math.round(s / n));
  });
  const nearest = (v) => {
    let best = 0;
    let bestD = Infinity;
    palette.forEach((p, i) => {
      const d = (p[0] - v[0]) ** 2 + (p[1] - v[1]) ** 2 + (p[2] - v[2]) ** 2 + 2 * (p[3] - v[3]) ** 2;
      if (d < bestD) [best, bestD] = [i, d];
    });
    return best;
  };
  for (let pass = 0; pass < 3; pass += 1) {
    const sums = palette.map(() => [0, 0, 0, 0, 0]);
    for (const c of colors) {
      const s = sums[nearest(c.v)];
      for (let ch = 0; ch < 4; ch += 1) s[ch] += c.v[ch] * c.n;
      s[4] += c.n;
    }
    palette = palette.map((p, i) =>
      sums[i][4] > 0 ? sums[i].slice(0, 4).map((s) => Math.round(s / sums[i][4])) : p,
    );
  }
  return { palette, nearest };
}

function encodeIndexed(width, height, indices, palette) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3;
  const plte = Buffer.from(palette.flatMap((p) => p.slice(0, 3)));
  let lastOpaque = -1;
  palette.forEach((p, i) => {
    if (p[3] < 255) lastOpaque = i;
  });
  // Try "no filter" and a per-row adaptive choice (min sum of abs residuals); keep the smaller stream.
  const plain = Buffer.alloc(height * (width + 1));
  const adaptive = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y += 1) {
    indices.copy(plain, y * (width + 1) + 1, y * width, (y + 1) * width);
    let bestRow = null;
    let bestCost = Infinity;
    for (let f = 0; f < 5; f += 1) {
      const row = Buffer.alloc(width + 1);
      row[0] = f;
      let cost = 0;
      for (let x = 0; x < width; x += 1) {
        const v = indices[y * width + x];
        const a = x > 0 ? indices[y * width + x - 1] : 0;
        const b = y > 0 ? indices[(y - 1) * width + x] : 0;
        const c = x > 0 && y > 0 ? indices[(y - 1) * width + x - 1] : 0;
        let p = 0;
        if (f === 1) p = a;
        else if (f === 2) p = b;
        else if (f === 3) p = (a + b) >> 1;
        else if (f === 4) {
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const r = (v - p) & 255;
        row[x + 1] = r;
        cost += r < 128 ? r : 256 - r;
      }
      if (cost < bestCost) [bestRow, bestCost] = [row, cost];
    }
    bestRow.copy(adaptive, y * (width + 1));
  }
  const packed = [plain, adaptive]
    .map((raw) => deflateSync(raw, { level: 9, memLevel: 9 }))
    .reduce((p, q) => (q.length < p.length ? q : p));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
  ];
  if (lastOpaque >= 0)
    parts.push(chunk('tRNS', Buffer.from(palette.slice(0, lastOpaque + 1).map((p) => p[3]))));
  parts.push(chunk('IDAT', packed), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function toPalettePng(png, maxColors) {
  const img = decodePng(png);
  if (!img) return png;
  const { width, height, rgba } = img;
  const counts = new Map();
  const keys = new Uint32Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const key = rgba[i * 4 + 3] === 0 ? 0 : rgba.readUInt32BE(i * 4);
    keys[i] = key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const colors = [...counts].map(([key, n]) => ({
    key,
    n,
    v: [key >>> 24, (key >>> 16) & 255, (key >>> 8) & 255, key & 255],
  }));
  const { palette, nearest } = buildPalette(colors, maxColors);
  // Transparent entries first so tRNS stays short, then by luminance so PNG filters see smooth indices.
  const luma = (p) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  const order = palette
    .map((_, i) => i)
    .sort(
      (a, b) =>
        Number(palette[a][3] === 255) - Number(palette[b][3] === 255) ||
        palette[a][3] - palette[b][3] ||
        luma(palette[a]) - luma(palette[b]) ||
        a - b,
    );
  const remap = new Map(order.map((from, to) => [from, to]));
  const lookup = new Map(colors.map((c) => [c.key, remap.get(nearest(c.v))]));
  const indices = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i += 1) indices[i] = lookup.get(keys[i]);
  const out = encodeIndexed(
    width,
    height,
    indices,
    order.map((i) => palette[i]),
  );
  return out.length < png.length ? out : png;
}

// ---------------------------------------------------------------- render

const jobs = [
  { file: 'logo.png', w: 256, h: 256, svg: logoSvg(), colors: 96 },
  ...SKILLS.map((markup, i) => ({
    file: `skills/${i}.png`,
    w: 128,
    h: 128,
    svg: tile(markup, [BRAND.from, BRAND.to]),
  })),
  ...LICENSES.map((license, i) => ({ file: `licenses/${i}.png`, w: 160, h: 100, svg: card(license) })),
  ...BANKS.map((bank, i) => ({ file: `banks/${i}.png`, w: 128, h: 128, svg: badge(bank.icon, bank.colors) })),
  { file: 'placeholders/skin.png', w: 200, h: 300, svg: skinSvg() },
  { file: 'placeholders/avatar.png', w: 256, h: 256, svg: avatarSvg() },
  { file: 'placeholders/vehicle.png', w: 400, h: 250, svg: vehicleSvg() },
  { file: 'placeholders/vehicle.jpg', w: 400, h: 250, svg: vehicleSvg(), jpeg: 80 },
  { file: 'placeholders/item.png', w: 128, h: 128, svg: tile(ITEM, ['#64748b', '#334155']) },
  { file: 'placeholders/achievement.png', w: 128, h: 128, svg: tile(TROPHY, ['#f59e0b', '#b45309']) },
  { file: 'hero.jpg', w: 1600, h: 900, svg: heroSvg(), jpeg: 72 },
  ...Object.entries(ITEM_KIND_TILES).map(([kind, [markup, colors]]) => ({
    file: `placeholders/items/${kind}.png`,
    w: 128,
    h: 128,
    svg: tile(markup, colors),
  })),
  ...VEHICLE_CLASS_ICONS.map((markup, vehtype) => ({
    file: `placeholders/vehicles/${vehtype}.jpg`,
    w: 400,
    h: 250,
    svg: markup ? vehicleClassSvg(markup, VEHICLE_CLASS_COLORS[vehtype]) : vehicleSvg(),
    jpeg: 80,
  })),
  ...SKIN_VARIANTS.flatMap((variant, i) => [
    { file: `placeholders/skins/${i}.png`, w: 200, h: 300, svg: skinSvg(variant) },
    { file: `placeholders/avatars/${i}.png`, w: 256, h: 256, svg: avatarSvg(variant) },
  ]),
];

// Only the pictures named on the command line (substring of the file name), or all of them.
const only = process.argv.slice(2);
const selected =
  only.length === 0 ? jobs : jobs.filter((job) => only.some((part) => job.file.includes(part)));

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const job of selected) {
    await page.setViewportSize({ width: job.w, height: job.h });
    await page.setContent(
      '<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}' +
        `svg{display:block}</style></head><body>${job.svg}</body></html>`,
    );
    const clip = { x: 0, y: 0, width: job.w, height: job.h };
    const data = job.jpeg
      ? await page.screenshot({ type: 'jpeg', quality: job.jpeg, clip })
      : toPalettePng(await page.screenshot({ type: 'png', omitBackground: true, clip }), job.colors ?? 128);
    const target = join(outDir, job.file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
    console.log(`${job.file.padEnd(28)} ${String(data.length).padStart(7)} B`);
  }
  await writeFile(join(outDir, 'logo.svg'), `${logoSvg()}\n`);
  console.log('logo.svg');
} finally {
  await browser.close();
}
