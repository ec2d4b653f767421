import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyEnvFile } from "./env-file";

describe("ENV_FILE (issue 35, finding 5)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-env-file-"));
  const file = path.join(dir, "portal.env");
  writeFileSync(
    file,
    '# the operator\'s file\nDATA_DIR=/srv/portal\nPORT=3001\nBRAND_NAME="Nova Accounts"\n',
  );

  it("adds the file's settings; the environment wins over the file", () => {
    const target: Record<string, string | undefined> = { ENV_FILE: file, PORT: "4000" };
    expect(applyEnvFile(target)).toBe(file);
    expect(target).toEqual({
      ENV_FILE: file,
      PORT: "4000",
      DATA_DIR: "/srv/portal",
      BRAND_NAME: "Nova Accounts",
    });
  });

  it("does nothing without ENV_FILE, and names it when the file cannot be read", () => {
    const untouched: Record<string, string | undefined> = { PORT: "4000" };
    expect(applyEnvFile(untouched)).toBeUndefined();
    expect(untouched).toEqual({ PORT: "4000" });
    expect(() => applyEnvFile({ ENV_FILE: path.join(dir, "missing.env") })).toThrow(
      /^ENV_FILE: cannot read .*missing\.env \(ENOENT\)$/,
    );
  });
});
