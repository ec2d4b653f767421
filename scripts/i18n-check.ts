// Fails when the five catalogs do not have the same keys, or a value is empty.
import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/locales";

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v]] : flatten(v, `${prefix}${k}.`),
  );

const catalogs = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    new Map(flatten(JSON.parse(readFileSync(path.join("messages", `${l}.json`), "utf8")) as Tree)),
  ]),
);
const allKeys = new Set(Object.values(catalogs).flatMap((c) => [...c.keys()]));
let problems = 0;
for (const [locale, catalog] of Object.entries(catalogs)) {
  const missing = [...allKeys].filter((k) => !catalog.has(k));
  const empty = [...catalog].filter(([, v]) => !v.trim()).map(([k]) => k);
  for (const k of missing) console.error(`messages/${locale}.json: missing ${k}`);
  for (const k of empty) console.error(`messages/${locale}.json: empty ${k}`);
  problems += missing.length + empty.length;
}
if (problems) {
  console.error(`${problems} catalog problem(s)`);
  process.exit(1);
}
console.log(`i18n: ${LOCALES.length} catalogs, ${allKeys.size} keys each`);
