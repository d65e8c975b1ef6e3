/**
 * The currency setting inside an admin island: its shell passes `currency`, the island's root
 * provides it, and any part formats an amount with `useMoney()` without threading it through.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { formatMoney } from "../../../domain/format";

const CurrencyContext = createContext<string | null>(null);

/** Gives the parts of one admin island the currency setting. */
export function CurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}

/**
 * An admin island's root made from its body: it takes the `currency` its shell passes and gives it
 * to every part, so each island that shows amounts is `export default withCurrency(Body)`.
 */
export function withCurrency<P extends object>(Body: ComponentType<P>): (props: P & { currency: string }) => ReactNode {
  return function IslandRoot({ currency, ...props }: P & { currency: string }) {
    return (
      <CurrencyProvider currency={currency}>
        <Body {...(props as P)} />
      </CurrencyProvider>
    );
  };
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
