// Regenerates app/apple-icon.png and app/favicon.ico from the mark in app/icon.svg (run after
// changing the mark):
//   node scripts/brand-icons.mjs
// iOS rounds the corners of a home-screen icon itself and shows transparency as black, so the
// PNG is the mark's square filled to the edges.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "app/icon.svg"), "utf8").replace(/\srx="[\d.]+"/, "");
await sharp(Buffer.from(svg), { density: 72 * (180 / 32) })
  .resize(180, 180)
  .flatten({ background: "#1d4ed8" })
  .png({ compressionLevel: 9 })
  .toFile(path.join(root, "app/apple-icon.png"));
console.log("app/apple-icon.png written");

// /favicon.ico for browsers, crawlers and mail clients that ask for it without reading the page's
// <link rel="icon">: an ICO holding 16, 32 and 48 px PNGs of the mark (PNG inside ICO: every
// browser since 2010). Its corners stay round and transparent, as icon.svg's.
const mark = readFileSync(path.join(root, "app/icon.svg"));
const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(mark, { density: 72 * (size / 32) * 4 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ),
);
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length + 16 * sizes.length;
const entries = sizes.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0); // width
  entry.writeUInt8(size, 1); // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(pngs[i].length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += pngs[i].length;
  return entry;
});
writeFileSync(path.join(root, "app/favicon.ico"), Buffer.concat([header, ...entries, ...pngs]));
console.log("app/favicon.ico written");
