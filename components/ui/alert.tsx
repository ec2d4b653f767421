/**
 * A message shown at the form it belongs to (SPEC §8: sign-in, sign-up, forgot-password failures;
 * the first-impression issue: every form and dialog says its error here, never in a second modal).
 */
export function FormAlert({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="form-alert"
      className="whitespace-pre-line rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {message}
    </div>
  );
}
