/**
 * The currency setting inside an admin island: its shell passes `currency`, the island's root
 * provides it, and any part formats an amount with `useMoney()` without threading it through.
 */
import { createContext, type ReactNode, useContext } from "react";
import { formatMoney } from "../../../domain/format";

const CurrencyContext = createContext<string | null>(null);

/** Gives the parts of one admin island the currency setting. */
export function CurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}

/** The island's currency setting ("USD"). */
export function useCurrency(): string {
  const currency = useContext(CurrencyContext);
  if (currency === null) throw new Error("the currency is read outside a CurrencyProvider");
  return currency;
}

/** Formats an amount in the island's currency (`formatMoney` with the setting). */
export function useMoney(): (amount: number | string) => string {
  const currency = useCurrency();
  return (amount) => formatMoney(amount, currency);
}
