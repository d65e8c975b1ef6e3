/** What a page module returns: its metadata and its server-rendered body. */
import type { ReactElement } from "react";

export type PageDefinition = {
  /** Canonical lowercase path. */
  path: string;
  title: string;
  description: string;
  body: ReactElement;
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 429;
  /** Plain (framework-free) scripts this page needs, as asset URLs. */
  scripts?: string[];
  jsonLd?: object[];
  noindex?: boolean;
  /** Moves the browser on after a delay without JavaScript (meta refresh). */
  refresh?: { seconds: number; url: string };
};
