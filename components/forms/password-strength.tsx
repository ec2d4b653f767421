"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { PersonalDetails } from "@/lib/password-personal";
import { ratePassword, type PasswordScore as Score } from "@/lib/password-strength";

/** Bars filled per score (a very weak password still shows one), and their colour. */
const BAR_COLOUR: Record<Score, string> = {
  0: "bg-red-600",
  1: "bg-red-600",
  2: "bg-amber-500",
  3: "bg-lime-600",
  4: "bg-green-600",
};

/**
 * The strength meter under a new-password box: "Strength: weak" in words (read out through
 * `aria-live`) and bars beside them, never colour alone. Its score is the rule's own rating
 * (lib/password-strength.ts: below "good" is refused, by the form and by the server); the
 * estimator and its dictionaries load on the first typed character.
 */
export function PasswordStrength({
  id,
  password,
  person = {},
}: {
  id: string;
  password: string;
  /** The person's details: the estimator counts them as known to an attacker. */
  person?: PersonalDetails;
}) {
  const t = useTranslations("passwordCheck.strength");
  const [score, setScore] = useState<Score | null>(null);
  const { email, fullname, phone } = person;

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let isCurrent = true;
    void ratePassword(password, { email, fullname, phone }).then(
      (rating) => isCurrent && setScore(rating.score),
      () => undefined, // the chunk did not load (offline): no meter, the form and server still judge
    );
    return () => {
      isCurrent = false;
    };
  }, [password, email, fullname, phone]);

  return (
    <div className="flex flex-col gap-1" data-score={score ?? undefined}>
      {score !== null && (
        <div aria-hidden="true" className="flex gap-1">
          {[1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              className={`h-1.5 flex-1 rounded-full ${bar <= Math.max(score, 1) ? BAR_COLOUR[score] : "bg-gray-200"}`}
            />
          ))}
        </div>
      )}
      <p id={id} aria-live="polite" className="min-h-4 text-xs text-gray-700">
        {score === null ? "" : t("label", { level: t(`levels.${score}`) })}
      </p>
    </div>
  );
}
