/**
 * What a search box's text becomes before any list applies it. Whatever was typed or put in an
 * address, a search is one line of visible characters: FTS5 reads a NUL as the end of its query
 * (a search of "ab\0" once answered 500), and an invisible or half character can only hide what is
 * searched for. Written with no dependency, so the page's reader, the API's schema and the
 * database's search terms all clean the same way.
 */

// Control characters (NUL, line breaks, DEL...) and the line and paragraph separators: spaces.
const controlCharacters = /[\p{Cc}\u2028\u2029]/gu;
// Invisible format characters (zero-width, bidi overrides) and lone halves of surrogate pairs: dropped.
const invisibleCharacters = /[\p{Cf}\p{Cs}]/gu;

/**
 * `raw` as a search: control characters made spaces, invisible characters and lone surrogates
 * dropped, whitespace collapsed and trimmed, at most `maxLength` characters (whole code points, so
 * a cut never splits a pair). "" searches nothing.
 */
export function searchText(raw: string | null | undefined, maxLength: number): string {
  const visible = (raw ?? "").replace(controlCharacters, " ").replace(invisibleCharacters, "").replace(/\s+/g, " ").trim();
  const characters = [...visible];
  return characters.length <= maxLength ? visible : characters.slice(0, maxLength).join("").trimEnd();
}
