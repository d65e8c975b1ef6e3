/**
 * PayPal for the end-to-end specs: a stand-in for PayPal's browser SDK (served in place of
 * https://www.paypal.com/sdk/js) and the stand-in of PayPal's REST API in a process of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

/** A stand-in for PayPal's SDK: renders one button that creates the order and approves it, as a buyer would. */
export const fakeSdk = `(() => {
  const script = document.currentScript;
  window.__paypalSdk = { clientToken: script.getAttribute("data-client-token"), src: script.src };
  window.paypal = {
    Buttons(options) {
      let button;
      return {
        isEligible: () => true,
        render(container) {
          button = document.createElement("button");
          button.type = "button";
          button.className = "btn";
          button.textContent = "Pay with PayPal";
          button.addEventListener("click", async () => {
            try {
              const orderID = await options.createOrder();
              await options.onApprove({ orderID }, { restart: () => undefined });
            } catch (err) {
              options.onError(err);
            }
          });
          container.append(button);
          return Promise.resolve();
        },
        close() {
          button && button.remove();
          return Promise.resolve();
        },
      };
    },
  };
})();`;

/** Starts the PayPal stand-in in its own process (behaviour from STAND_IN_* variables); resolves with its base URL. */
export async function spawnStandIn(env: Record<string, string> = {}): Promise<{ standIn: ChildProcess; apiBase: string }> {
  const standIn = spawn(join(process.cwd(), "node_modules/.bin/bun"), [join(process.cwd(), "tests/helpers/paypal-stand-in.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const apiBase = await new Promise<string>((resolve, reject) => {
    standIn.stdout!.once("data", (d) => resolve(String(d).trim()));
    standIn.once("exit", () => reject(new Error("the PayPal stand-in did not start")));
  });
  return { standIn, apiBase };
}
