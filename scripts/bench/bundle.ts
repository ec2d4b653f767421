// First-load JavaScript: what a modern browser downloads for a page (its <script src>, not the
// nomodule polyfills), gzipped; and the same for an empty App Router page built here.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, start, stop, waitFor } from "./procs";

export type Scripts = { kib: number; count: number; files: { src: string; kib: number }[] };

export async function firstLoadJs(origin: string, pagePath: string, headers: Record<string, string> = {}) {
  const html = await (await fetch(`${origin}${pagePath}`, { headers })).text();
  const srcs = new Set(
    [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1] ?? "")
      .filter((attrs) => !/\bnomodule\b/i.test(attrs))
      .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1])
      .filter((src): src is string => Boolean(src)),
  );
  const files: Scripts["files"] = [];
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    files.push({ src, kib: gzipSync(body).length / 1024 });
  }
  files.sort((a, b) => b.kib - a.kib);
  return { kib: files.reduce((sum, f) => sum + f.kib, 0), count: files.length, files } satisfies Scripts;
}

/** Builds and serves an App Router app with an empty layout and page, from this checkout's `next`. */
export async function emptyPageJs(port: number): Promise<Scripts> {
  // Inside the checkout (ignored as `.next-*/`): Turbopack resolves `next` only under its
  // workspace root, so a temp dir with a symlinked node_modules does not build.
  const dir = mkdtempSync(path.join(ROOT, ".next-bench-empty-"));
  try {
    mkdirSync(path.join(dir, "app"));
    // Its own (empty) config: Next would otherwise find the portal's one above it.
    writeFileSync(path.join(dir, "next.config.mjs"), "export default {};\n");
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "empty", private: true }));
    writeFileSync(
      path.join(dir, "app/layout.tsx"),
      'export default function Layout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
    );
    writeFileSync(path.join(dir, "app/page.tsx"), "export default function Page() {\n  return null;\n}\n");
    const nextBin = path.join(ROOT, "node_modules/next/dist/bin/next");
    try {
      execFileSync(process.execPath, [nextBin, "build"], {
        cwd: dir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
        stdio: "pipe",
        encoding: "utf8",
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`the empty Next app did not build:\n${stdout ?? ""}${stderr ?? ""}`);
    }
    const server = start("empty next", process.execPath, [nextBin, "start", "-p", String(port)], {
      cwd: dir,
    });
    try {
      await waitFor(server, `http://127.0.0.1:${port}/`);
      return await firstLoadJs(`http://127.0.0.1:${port}`, "/");
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
