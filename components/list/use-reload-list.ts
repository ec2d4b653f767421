"use client";
import { useCallback } from "react";
import { useSWRConfig } from "swr";

/**
 * Reloads every page of the /2.0 list `path` that `useList` holds (a row changed: cancelled,
 * hidden). The page on screen stays until the new one arrives.
 */
export function useReloadList(path: string): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate((key) => Array.isArray(key) && key[0] === path);
  }, [mutate, path]);
}
