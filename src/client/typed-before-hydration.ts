/**
 * Text typed into a controlled field before its island hydrated is in the DOM but not in React's
 * state (no onChange ran). Called once at hydration, this hands that text to the state's setter so
 * the search someone already typed is the one that runs.
 */
import { type RefObject, useEffect, useEffectEvent } from "react";

export function useTypedBeforeHydration(ref: RefObject<HTMLInputElement | null>, stateValue: string, adopt: (value: string) => void) {
  const catchUp = useEffectEvent(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== stateValue) adopt(typed);
  });
  useEffect(() => catchUp(), []);
}
