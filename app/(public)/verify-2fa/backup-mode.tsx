"use client";
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useState,
} from "react";

// Whether the person types a backup code instead of the six-digit one: the form switches it, the
// card's subtitle (rendered apart from the form, by the page) follows it.

type BackupMode = [boolean, Dispatch<SetStateAction<boolean>>];

const BackupModeContext = createContext<BackupMode | null>(null);

export function BackupModeProvider({ children }: { children: ReactNode }) {
  const mode = useState(false);
  return <BackupModeContext.Provider value={mode}>{children}</BackupModeContext.Provider>;
}

/** The mode and its setter; a form rendered without the provider keeps a mode of its own. */
export function useBackupMode(): BackupMode {
  const own = useState(false);
  return useContext(BackupModeContext) ?? own;
}

/** The card's subtitle: what to type, for the six-digit code or for a backup code. */
export function VerifySubtitle({ code, backup }: { code: string; backup: string }) {
  const [isBackup] = useBackupMode();
  return <span data-testid="verify-2fa-subtitle">{isBackup ? backup : code}</span>;
}
