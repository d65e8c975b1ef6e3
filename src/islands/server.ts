/** The island components for server rendering; keep in step with registry.ts (a test checks). */
import type { IslandName } from "./registry";
import BookingFlow from "./BookingFlow";
import ContactForm from "./ContactForm";
import PaymentDialog from "./PaymentDialog";
import ReferralPanel from "./ReferralPanel";
import AddToCart from "./AddToCart";
import CartView from "./CartView";
import ShopCatalog from "./ShopCatalog";

export const serverIslands = {
  BookingFlow,
  ContactForm,
  PaymentDialog,
  ReferralPanel,
  AddToCart,
  CartView,
  ShopCatalog,
} satisfies Record<IslandName, unknown>;
