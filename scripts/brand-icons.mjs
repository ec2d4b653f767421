// Regenerates app/apple-icon.png from the mark in app/icon.svg (run after changing the mark):
//   node scripts/brand-icons.mjs
// iOS rounds the corners of a home-screen icon itself and shows transparency as black, so the
// PNG is the mark's square filled to the edges.
import { readFileSync } from "node:fs";
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
