import { useRef } from 'react';
import { isApiError } from './api-client';

/**
 * One Idempotency-Key per attempt at a request that spends, charges or moves credits (DESIGN §4). The key is kept
 * while the attempt's input (`signature`) is unchanged and its outcome unclear (a network or server failure), so a
 * retry can never do it twice; a clear answer (2xx, 4xx) or another input starts a new attempt.
 */
export function useAttemptKey() {
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  return {
    keyFor(signature: string): string {
      if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
      return attempt.current.key;
    },
    settled(error?: unknown) {
      if (error === undefined || (isApiError(error) && error.status >= 400 && error.status < 500)) attempt.current = null;
    },
  };
}
