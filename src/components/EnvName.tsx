/**
 * A setting's or environment variable's name such as `PAYPAL_CLIENT_ID`, allowed to wrap only after
 * an underscore or a comma on a narrow screen, never in the middle of a word.
 */
import { Fragment } from "react";

export function EnvName({ name = "" }: { name?: string }) {
  const parts = name.split(/(?<=[_,])/);
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one fixed name never reorder: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
