// Files imported for embedding: `with { type: "text" }` gives the text, `with { type: "file" }` a path.
declare module "*.sql" {
  const text: string;
  export default text;
}
