// Configuration changed for one test or a whole file and put back as it was: dispatch reads it
// through env(), which caches, so every change resets that cache.
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";

/** Variables to set; `undefined` removes one. */
export type EnvValues = Record<string, string | undefined>;

/** Sets `values` and answers what they replaced (in the same form, to put back). */
function apply(values: EnvValues): EnvValues {
  const replaced = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  return replaced;
}

/** Runs `body` with `values` set, then puts the configuration back. */
export async function withEnv<T>(values: EnvValues, body: () => Promise<T>): Promise<T> {
  const replaced = apply(values);
  try {
    return await body();
  } finally {
    apply(replaced);
  }
}

/** `values` for every test of the file (or of the describe block it is called in). */
export function setUpEnv(values: EnvValues): void {
  let replaced: EnvValues = {};
  beforeAll(() => {
    replaced = apply(values);
  });
  afterAll(() => {
    apply(replaced);
  });
}
