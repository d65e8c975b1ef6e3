/** Reading what a server-rendered page hands its islands. */

/** The props of the first `island` on the page, as the client entry would read them from the JSON beside it. */
export function islandPropsOf<Props>(html: string, island: string): Props {
  const m = new RegExp(`<pi-island data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`).exec(html);
  if (!m?.[1]) throw new Error(`no ${island} island on the page`);
  return (JSON.parse(m[1]) as { props: Props }).props;
}
