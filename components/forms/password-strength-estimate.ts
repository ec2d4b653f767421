// The strength meter's estimator, loaded with `import()` by password-strength.tsx only on a page
// with a new-password box (its dictionaries are ~400 kB): /signin never imports it. Advice only;
// the server's rules (server/auth/new-password.ts) decide.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * Words Vietnamese people build passwords on that the common dictionaries lack: the commonest
 * family and given names without accents, and phrases ("anh yêu em") typed without spaces.
 */
const VIETNAMESE_WORDS = [
  "nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly trinh dinh truong mai lam ",
  "thanh minh anh linh trang huong hung dung tuan hoa lan ngoc phuong thao hanh quang long nam hai ",
  "duc khanh thu ha hieu trung son cuong thuy yen anhyeuem emyeuanh yeuem yeuanh iuem matkhau ",
  "vietnam hanoi saigon hochiminh danang conyeu giadinh hanhphuc tinhyeu xinchao bebe cuncon",
]
  .join("")
  .split(" ");

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary, vietnamese: VIETNAMESE_WORDS },
  graphs: adjacencyGraphs,
  useLevenshteinDistance: true,
});

/** A score from 0 (very weak) to 4 (strong); the person's email, name and phone count as known words. */
export function estimateStrength(password: string, userInputs: readonly string[]): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn.check(password, [...userInputs]).score;
}
