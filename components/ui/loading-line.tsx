/**
 * A waiting line with a spinner, announced politely (a QR code being made, a device list or a
 * link being checked). `className` adds spacing and sets the colour (grey-600 by default).
 */
export function LoadingLine({ text, className = "text-gray-600" }: { text: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-3 text-sm ${className}`}>
      <span
        aria-hidden
        className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
      />
      {text}
    </p>
  );
}
