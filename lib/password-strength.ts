// How guessable a new password is: the part of the one rule (lib/password-rule.ts has its bounds)
// that needs an estimator. zxcvbn-ts, with its common dictionaries and the Vietnamese password words
// of lib/password-words-vi.ts, counts the guesses an attacker who knows how people build passwords
// needs ("Matkhau@123": a Vietnamese word, a symbol, a run of digits); fewer than 10^8 (score
// below 3) is refused. The strength meter, the forms that set a password and the server
// (server/auth/new-password.ts) all call `ratePassword` with the same details, so they never disagree.
//
// This file is small: the estimator and its dictionaries (~400 kB) load with `import()` on the first
// rating, once per page or process. /signin never imports it (it imports lib/password-rule.ts only),
// and on the server only setting a password pays for them — sign-in never does.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { PersonalDetails } from "./password-personal";
import { stripVietnameseDiacritics } from "./vietnamese";

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** zxcvbn's score 3: at least 10^8 guesses (10^6 is score 2, 10^10 is score 4). */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordRating = {
  /** 0 (very weak) to 4 (strong), the meter's bars. */
  score: PasswordScore;
  /** Below MIN_PASSWORD_SCORE: a new password this guessable is refused. */
  isTooGuessable: boolean;
};

// One estimator per process (Next can load a module twice) or page; a failed load is tried again.
const globalForEstimator = globalThis as unknown as { __portalPasswordEstimator?: Promise<ZxcvbnFactory> };

async function loadEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, words] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("./password-words"),
  ]);
  return new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      vietnamese: [...words.VIETNAMESE_PASSWORD_WORDS],
      account: [...words.ACCOUNT_PASSWORD_WORDS],
    },
    graphs: common.adjacencyGraphs,
    // Both bound the work of one rating, which the server does for anyone who may set a password.
    // Levenshtein matching compares the whole password with every dictionary entry, once per l33t
    // reading of it: 20–50 times the cost of the rest, and no verdict on a password of
    // lib/password-strength.test.ts changes without it (scores do: "Qwerty@123" is 2, not 0 as
    // "qwerty123" misspelt; refused either way). Past 20 l33t-able characters ("aB3$" × 16),
    // trying every reading took ~5 times as long for the same score.
    useLevenshteinDistance: false,
    l33tMaxSubstitutions: 20,
  });
}

function estimator(): Promise<ZxcvbnFactory> {
  globalForEstimator.__portalPasswordEstimator ??= loadEstimator().catch((error: unknown) => {
    globalForEstimator.__portalPasswordEstimator = undefined;
    throw error;
  });
  return globalForEstimator.__portalPasswordEstimator;
}

/**
 * The person's details as words the estimator counts as known to an attacker: the email, its local
 * part, each word of the name (as typed and without accents) and the phone.
 */
export function passwordUserInputs(person: PersonalDetails): string[] {
  const email = person.email?.trim().toLowerCase();
  const names = person.fullname?.trim().split(/\s+/) ?? [];
  const values = [
    email,
    email?.split("@")[0],
    ...names,
    ...names.map(stripVietnameseDiacritics),
    person.phone,
  ];
  return [...new Set(values.map((value) => value?.trim() ?? "").filter(Boolean))];
}

/** How guessable a password is, for the person whose details are given. */
export async function ratePassword(password: string, person: PersonalDetails = {}): Promise<PasswordRating> {
  const { score } = (await estimator()).check(password, passwordUserInputs(person));
  return { score, isTooGuessable: score < MIN_PASSWORD_SCORE };
}
