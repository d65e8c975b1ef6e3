/** The attributes of a 6-digit authenticator code input: a number pad, the one-time-code autofill, a narrow monospaced box. */
export const totpCodeInput = {
  type: "text",
  inputMode: "numeric",
  autoComplete: "one-time-code",
  pattern: "[0-9]{6}",
  className: "input w-40 font-mono tracking-widest",
} as const;

/** The same box when it also takes a recovery code (`abcd-efgh-jkmn`): letters allowed, wide enough. */
export const signInCodeInput = {
  type: "text",
  autoComplete: "one-time-code",
  autoCapitalize: "none",
  spellCheck: false,
  className: "input w-full max-w-64 font-mono tracking-widest",
} as const;
