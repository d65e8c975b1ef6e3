import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { EnvName } from "./EnvName";

test("a name like PAYPAL_CLIENT_ID may wrap only after an underscore or a comma, never mid-word", () => {
  expect(renderToStaticMarkup(<EnvName name="PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET" />)).toBe(
    "PAYPAL_<wbr/>CLIENT_<wbr/>ID,<wbr/> PAYPAL_<wbr/>CLIENT_<wbr/>SECRET",
  );
  expect(renderToStaticMarkup(<EnvName name="PUBLIC_URL" />)).toBe("PUBLIC_<wbr/>URL");
  expect(renderToStaticMarkup(<EnvName />)).toBe("");
});
