// Issue 37, item 8: a CSV download anywhere in the portal (the person's lists, the console, the
// command line) gets lib/csv's formula guard. The only way to answer CSV is
// server/http/csv-export-route.ts, which takes a table and writes it with csvStream; this test
// fails when any other source file writes CSV on its own (a CSV library, a text/csv answer, a
// .csv file name), so a console download cannot be added beside the guard.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "server", "components", "lib", "scripts"];
const ROOT_FILES = ["proxy.ts", "server.ts"];

/** The portal's own source: no tests, no dependencies, no build output. */
function sourceFiles(): string[] {
  const files = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((file) =>
      path.join(dir, file).split(path.sep).join("/"),
    ),
  );
  return [...files, ...ROOT_FILES].filter(
    (file) =>
      /\.(ts|tsx|js|mjs)$/.test(file) &&
      !/(^|\/)(node_modules|dist|\.next[^/]*)\//.test(file) &&
      !/\.(test|spec)\.tsx?$/.test(file),
  );
}

const CSV_LIBRARIES = /from\s+["'](csv-stringify[^"']*|papaparse|fast-csv|csv-writer|@?json2csv[^"']*)["']/;

function filesMatching(pattern: RegExp): string[] {
  return sourceFiles().filter((file) => pattern.test(readFileSync(path.join(ROOT, file), "utf8")));
}

describe("every CSV the portal writes goes through lib/csv", () => {
  it("scans the portal's source (the admin screens and handlers included)", () => {
    const files = sourceFiles();
    expect(files).toContain("server/admin/handlers.ts");
    expect(files).toContain("app/(account)/admin/people/page.tsx");
    expect(files).toContain("scripts/admin.ts");
  });

  it("only lib/csv.ts uses a CSV library", () => {
    expect(filesMatching(CSV_LIBRARIES)).toEqual(["lib/csv.ts"]);
  });

  it("only the export route answers text/csv or names a .csv file", () => {
    expect(filesMatching(/text\/csv/)).toEqual(["server/http/csv-export-route.ts"]);
    expect(filesMatching(/\.csv["'`]/)).toEqual(["server/http/csv-export-route.ts"]);
  });
});
