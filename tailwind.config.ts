/** Theme extensions kept in one place; wired into Tailwind v4 by `@config` in src/styles/app.css. */
export default {
  theme: {
    extend: {
      fontFamily: {
        // System fonts only: no web-font request, nothing sent to a third party.
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
};
