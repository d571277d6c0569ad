import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce (decision 024). The server render provides it; in the browser it is
 * empty, as the scripts it guards are rendered once on the server and never again.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
