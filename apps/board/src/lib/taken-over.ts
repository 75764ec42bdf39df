import { useEffect } from 'react';

/*
 * When the app has taken over a page the server rendered. React does it in two passes: the shell (header, footer),
 * then the page inside the router's Suspense boundary. The pages the server renders (routes.tsx) call
 * useTakenOver(); boot.tsx waits for it, so lib/takeover.ts hands over what the visitor did meanwhile only once
 * every field and button of the page answers.
 */

let markTakenOver!: () => void;

/** Resolves once a page the server rendered is the app's. */
export const takenOver = new Promise<void>((resolve) => (markTakenOver = resolve));

export function useTakenOver() {
  useEffect(() => markTakenOver(), []);
}
