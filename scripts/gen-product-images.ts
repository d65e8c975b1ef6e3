/**
 * Writes public/images/products/<slug>.svg for every seed product, plus placeholder.svg:
 * flat line-art illustrations (teal device, amber details) on a dark-slate gradient.
 * Deterministic: the same catalogue always produces byte-identical files.
 * Run: bun scripts/gen-product-images.ts
 */
import { mkdirSync } from "node:fs";
import { seedProducts } from "../src/db/seed/catalogue.ts";

/** Teal strokes (the device), amber strokes (details) and amber fills (lights, accents). */
type Art = { t: string; a?: string; f?: string };

const n = (v: number) => String(Math.round(v * 10) / 10);
const rect = (x: number, y: number, w: number, h: number, rx = 0) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""}/>`;
const circ = (cx: number, cy: number, r: number) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`;
const path = (d: string) => `<path d="${d}"/>`;

/** Concentric quarter arcs opening upwards (a wireless signal) centred on (cx, cy). */
const signal = (cx: number, cy: number, radii: number[]) =>
  path(
    radii
      .map((r) => {
        const d = r * Math.SQRT1_2;
        return `M${n(cx - d)} ${n(cy - d)}A${r} ${r} 0 0 1 ${n(cx + d)} ${n(cy - d)}`;
      })
      .join(""),
  );

/** Sound-wave arcs opening to the left, centred on (cx, cy). */
const waves = (cx: number, cy: number, radii: number[]) =>
  path(
    radii
      .map((r) => {
        const d = r * Math.SQRT1_2;
        return `M${n(cx + d)} ${n(cy - d)}A${r} ${r} 0 0 1 ${n(cx + d)} ${n(cy + d)}`;
      })
      .join(""),
  );

/** A waveform polyline starting at (x, y), one sample every `step` pixels. */
const waveform = (x: number, y: number, step: number, amps: number[]) =>
  `<polyline points="${amps.map((a, i) => `${n(x + i * step)},${n(y + (i % 2 ? a : -a))}`).join(" ")}"/>`;

/** A grid of dots (filled), used for grilles and LED arrays. */
const dots = (x: number, y: number, cols: number, rows: number, gap: number, r: number) => {
  let out = "";
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) out += circ(x + i * gap, y + j * gap, r);
  return out;
};

/** A map pin with its point at (x, y). */
const pin = (x: number, y: number, s: number) =>
  path(
    `M${n(x)} ${n(y)}C${n(x - s)} ${n(y - s * 1.2)} ${n(x - s)} ${n(y - s * 2.4)} ${n(x)} ${n(y - s * 2.4)}C${n(x + s)} ${n(y - s * 2.4)} ${n(x + s)} ${n(y - s * 1.2)} ${n(x)} ${n(y)}Z`,
  ) + circ(x, y - s * 1.6, s * 0.35);

/** A small satellite (body and two solar panels) centred on (x, y), tilted. */
const satellite = (x: number, y: number) =>
  `<g transform="rotate(-35 ${x} ${y})">` +
  rect(x - 8, y - 8, 16, 16, 3) +
  rect(x - 34, y - 6, 20, 12, 2) +
  rect(x + 14, y - 6, 20, 12, 2) +
  path(`M${x - 14} ${y}h6M${x + 8} ${y}h6`) +
  "</g>";

/** A padlock centred on (x, y). */
const lock = (x: number, y: number) => rect(x - 14, y - 4, 28, 22, 4) + path(`M${x - 8} ${y - 4}v-8a8 8 0 0 1 16 0v8`);

const art: Record<string, Art> = {
  // Surveillance cameras
  "covert-body-worn-camera-4k": {
    t: rect(150, 70, 100, 150, 16) + circ(200, 130, 30) + rect(175, 185, 50, 16, 6) + path("M170 70v-14h60v14"),
    a: circ(200, 130, 14),
    f: circ(232, 90, 5),
  },
  "covert-dash-cam-4k": {
    t: rect(115, 120, 170, 80, 18) + path("M200 120V88M165 76h70v12h-70z") + circ(200, 160, 26),
    a: circ(200, 160, 11) + path("M255 140h14"),
    f: circ(135, 140, 4),
  },
  "long-range-zoom-camcorder": {
    t: rect(100, 115, 140, 90, 12) + rect(240, 125, 55, 70, 6) + path("M295 118v84") + rect(110, 88, 44, 27, 4),
    a: path("M305 125l20-10M305 160h24M305 195l20 10") + path("M252 140v40M268 140v40"),
    f: circ(220, 132, 4),
  },
  "cellular-trail-camera": {
    t: rect(140, 65, 120, 175, 22) + circ(200, 110, 20) + rect(160, 160, 80, 55, 8) + path("M140 95h-30M260 95h30"),
    a: circ(200, 110, 8) + signal(200, 60, [14, 26]),
    f: dots(172, 172, 5, 3, 14, 3.5),
  },
  // GPS tracking
  "realtime-gps-tracker-magnetic": {
    t: rect(135, 120, 130, 90, 16) + path("M150 120v-10h100v10"),
    a: signal(200, 100, [16, 30, 44]),
    f: rect(150, 210, 28, 10, 3) + rect(222, 210, 28, 10, 3) + pin(200, 188, 16).replace("<circle", '<circle fill="#0f172a"'),
  },
  "personal-gps-safety-tracker": {
    t: rect(160, 110, 80, 110, 30) + circ(200, 96, 10) + path("M200 86v-10"),
    a: circ(200, 170, 18) + signal(250, 120, [14, 26]),
    f: circ(200, 170, 8),
  },
  "obd-fleet-gps-tracker": {
    t: path("M135 115h130l-16 80h-98z") + rect(175, 195, 50, 25, 4),
    a: path("M160 135v40M176 135v40M192 135v40M208 135v40M224 135v40M240 135v40") + signal(200, 95, [14, 28]),
    f: circ(200, 208, 4),
  },
  "gps-data-logger-extended": {
    t: rect(125, 105, 150, 100, 14) + rect(145, 125, 90, 40, 4) + path("M235 138h8v14h-8"),
    a: satellite(290, 70) + signal(262, 100, [10, 20]),
    f: rect(150, 130, 16, 30, 2) + rect(171, 130, 16, 30, 2) + rect(192, 130, 16, 30, 2) + circ(160, 185, 5),
  },
  // Audio
  "digital-voice-recorder-pro": {
    t: rect(160, 55, 75, 190, 18) + rect(175, 115, 45, 34, 4) + circ(198, 190, 16) + path("M198 174v-6M198 212v-6"),
    a: waveform(255, 150, 9, [6, 18, 30, 14, 36, 10, 22, 6]),
    f: dots(180, 72, 4, 3, 12, 3),
  },
  "interview-recording-kit": {
    t: rect(110, 110, 90, 120, 12) + rect(122, 125, 66, 40, 4) + path("M155 110c0-50 90-60 110-20") + rect(255, 85, 20, 34, 10) + path("M265 119v14"),
    a: waveform(130, 145, 8, [4, 12, 8, 15, 6, 11, 4]) + path("M285 95c8 8 8 16 0 24"),
    f: circ(140, 195, 6) + circ(170, 195, 6),
  },
  "parabolic-microphone": {
    t: path("M160 60C100 110 100 190 160 240") + path("M160 150h70M230 140v20") + path("M200 150l-10 60h22l8-60"),
    a: waves(265, 150, [20, 36, 52]),
    f: circ(235, 150, 7),
  },
  "transcription-headphones": {
    t: path("M125 170V150a75 75 0 0 1 150 0v20") + rect(105, 160, 40, 70, 14) + rect(255, 160, 40, 70, 14),
    a: waveform(160, 195, 10, [4, 14, 24, 10, 20, 6, 16, 4]),
  },
  // Digital forensics
  "forensic-usb-write-blocker": {
    t: rect(120, 110, 160, 90, 10) + rect(100, 140, 20, 30, 3) + rect(280, 140, 20, 30, 3) + path("M100 155H60M300 155h40"),
    a: lock(200, 150),
    f: circ(140, 185, 4) + circ(156, 185, 4) + circ(260, 185, 4),
  },
  "forensic-drive-duplicator": {
    t: rect(100, 85, 200, 130, 12) + rect(118, 105, 70, 22, 4) + rect(212, 105, 70, 22, 4) + rect(130, 150, 140, 45, 6),
    a: path("M170 172h60M216 160l14 12-14 12"),
    f: circ(128, 116, 3) + circ(222, 116, 3),
  },
  "faraday-evidence-bag": {
    t: path("M130 80h140v160H130z") + path("M130 110h140"),
    a: rect(175, 130, 50, 90, 8) + path("M188 156a18 18 0 0 1 24 0M194 166a9 9 0 0 1 12 0M170 135l60 80"),
    f: circ(200, 176, 3),
  },
  "evidence-collection-kit": {
    t: rect(105, 110, 190, 120, 12) + path("M170 110V92h60v18M105 150h190"),
    a: rect(140, 170, 60, 36, 4) + circ(250, 185, 18) + path("M263 198l16 16"),
    f: rect(185, 146, 30, 10, 3),
  },
  // Training
  "osint-investigation-course": {
    t: rect(125, 75, 150, 105, 8) + path("M100 200h200l-15-20H115z"),
    a: circ(200, 127, 34) + path("M166 127h68M200 93c-20 20-20 48 0 68M200 93c20 20 20 48 0 68"),
  },
  "surveillance-fieldcraft-handbook": {
    t: path("M200 95c-25-15-60-15-85-5v130c25-10 60-10 85 5c25-15 60-15 85-5V90c-25-10-60-10-85 5zM200 95v130"),
    a: path("M228 150c12-14 32-14 44 0c-12 14-32 14-44 0z") + path("M130 125h50M130 145h50M130 165h40"),
    f: circ(250, 150, 6),
  },
  "investigative-report-writing-course": {
    t: path("M140 60h90l30 30v150H140zM230 60v30h30"),
    a: path("M160 115h80M160 135h80M160 155h80M160 175h50") + path("M280 120l-50 90-6 20 16-14 50-90z"),
  },
  "australian-surveillance-law-guide": {
    t: rect(140, 60, 120, 180, 8) + path("M158 60v180"),
    a: path("M210 105v80M180 115h60M180 115l-14 30h28zM240 115l-14 30h28zM192 190h36"),
  },
  // Counter-surveillance
  "rf-bug-detector-pro": {
    t: rect(165, 95, 70, 145, 14) + path("M215 95V45") + circ(200, 215, 10),
    a: signal(215, 55, [14, 26, 38]),
    f: rect(178, 150, 8, 40, 2) + rect(190, 160, 8, 30, 2) + rect(202, 170, 8, 20, 2) + rect(214, 178, 8, 12, 2) + rect(178, 110, 44, 20, 3),
  },
  "hidden-camera-lens-finder": {
    t: circ(200, 135, 55) + circ(200, 135, 22) + path("M200 190v55"),
    a: path("M120 135h-20M300 135h-20M200 55v-15"),
    f: [0, 60, 120, 180, 240, 300].map((d) => circ(200 + 38 * Math.cos((d * Math.PI) / 180), 135 + 38 * Math.sin((d * Math.PI) / 180), 6)).join(""),
  },
  "non-linear-junction-detector": {
    t: rect(115, 70, 130, 50, 10) + path("M180 120l45 110") + rect(218, 225, 30, 20, 6),
    a: path("M130 145c15 10 35 10 50 0M125 165c20 14 45 14 60 0M120 185c25 18 55 18 70 0"),
    f: circ(230, 95, 5) + circ(212, 95, 5),
  },
  "vehicle-sweep-kit": {
    t: path("M110 210h180M130 210c0-30 20-45 40-50l25-25h60l25 30c15 5 20 20 20 45") + circ(160, 210, 18) + circ(260, 210, 18),
    a: path("M180 250h90") + rect(150, 240, 30, 20, 8),
    f: circ(295, 110, 12) + path("M295 98V70h6v28z"),
  },
  // Communication
  "digital-two-way-radio-pair": {
    t: rect(115, 110, 70, 130, 12) + path("M135 110V60") + rect(215, 110, 70, 130, 12) + path("M265 110V60"),
    a: lock(250, 200) + path("M160 200h-20M160 210h-20"),
    f: rect(127, 125, 46, 26, 4) + rect(227, 125, 46, 26, 4),
  },
  "covert-earpiece-kit": {
    t: path("M150 90c-30 0-30 45 0 45h10c0 40 30 60 60 60h70") + rect(125, 80, 30, 20, 10),
    a: path("M170 150c10 6 10 16 0 22s-10 16 0 22"),
    f: rect(230, 180, 40, 30, 8) + circ(290, 195, 6),
  },
  "satellite-messenger": {
    t: rect(160, 110, 80, 130, 16) + rect(175, 88, 22, 22, 6) + rect(174, 130, 52, 40, 4) + circ(200, 205, 12),
    a: satellite(285, 70) + signal(250, 112, [12, 22]),
    f: circ(200, 205, 5),
  },
};

/** The generic fallback image (a parcel). */
const placeholder: Art = {
  t: path("M200 80l90 40v90l-90 40-90-40v-90zM110 120l90 40 90-40M200 160v90"),
  a: path("M155 100l90 40v30"),
};

const svg = ({ t, a = "", f = "" }: Art) =>
  `${[
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" aria-hidden="true">',
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e293b"/></linearGradient></defs>',
    '<rect width="400" height="300" fill="url(#bg)"/>',
    '<circle cx="200" cy="150" r="118" fill="#14b8a6" fill-opacity="0.06"/>',
    `<g fill="none" stroke="#2dd4bf" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${t}</g>`,
    a ? `<g fill="none" stroke="#f59e0b" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${a}</g>` : "",
    f ? `<g fill="#fbbf24">${f}</g>` : "",
    "</svg>",
    "",
  ]
    .filter((s) => s !== "")
    .join("\n")}\n`;

const dir = new URL("../public/images/products/", import.meta.url);
mkdirSync(dir, { recursive: true });

const missing = seedProducts.filter((p) => !art[p.slug]).map((p) => p.slug);
if (missing.length) throw new Error(`No illustration defined for: ${missing.join(", ")}`);

for (const p of seedProducts) await Bun.write(new URL(`${p.slug}.svg`, dir), svg(art[p.slug]!));
await Bun.write(new URL("placeholder.svg", dir), svg(placeholder));
console.log(`gen-product-images: ${seedProducts.length} product image(s) + placeholder.svg`);
