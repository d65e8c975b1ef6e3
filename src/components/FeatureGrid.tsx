/** A row of feature cards: the tiles of the home, shop, services and about pages. */
import { FeatureCard } from "./blocks";
import type { IconName } from "./icons";

/** Feature cards, three to a row on wide screens, each with the icon at its place in `icons` (a check where there is none). */
export function FeatureGrid({ items, icons }: { items: readonly { title: string; text: string }[]; icons: readonly IconName[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {items.map((item, i) => (
        <FeatureCard key={item.title} icon={icons[i] ?? "check"} title={item.title} text={item.text} />
      ))}
    </div>
  );
}
