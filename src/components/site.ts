/** What every page's layout reads: settings, texts, prices and the signed-in user, if any. */
import type { ServicePrice } from "../db/schema";
import type { AdminRole } from "../domain/admin-roles";
import type { Content } from "../shared/content";
import type { Settings } from "../shared/settings";

export type CurrentUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isNewCustomer: boolean;
  /** Their own referral code, null until one is generated. */
  referralCode: string | null;
  emailVerified: boolean;
  /** This session is the user's very first sign-in (they are new here, not back). */
  firstSignIn: boolean;
};

export type SiteData = {
  settings: Settings;
  content: Content;
  pricing: ServicePrice[];
  user: CurrentUser | null;
  /** Units in the signed-in user's cart (0 when signed out), shown in the navigation. */
  cartCount: number;
  /** The ids of the products on the signed-in user's wishlist (none when signed out), for the hearts. */
  wishlistIds?: readonly number[];
  year: number;
  /** Absolute origin for canonical links and structured data. */
  origin: string;
  /** On portal pages, the role of the admin whose cookie came with the request (the menu shows what it may open). */
  adminRole?: AdminRole | null;
};
