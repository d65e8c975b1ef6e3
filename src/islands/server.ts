/** The island components for server rendering; keep in step with registry.ts (a test checks). */
import type { IslandName } from "./registry";
import ContactForm from "./ContactForm";

export const serverIslands = {
  ContactForm,
} satisfies Record<IslandName, unknown>;
