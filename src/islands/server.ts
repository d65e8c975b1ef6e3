/** The island components for server rendering; keep in step with registry.ts (a test checks). */
import type { IslandName } from "./registry";
import ContactForm from "./ContactForm";
import ReferralPanel from "./ReferralPanel";

export const serverIslands = {
  ContactForm,
  ReferralPanel,
} satisfies Record<IslandName, unknown>;
