/** s3rver ships no types; the replication test uses this much of it. */
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
declare module "s3rver/lib/stores/filesystem.js" {
  const FilesystemStore: { prototype: unknown };
  export default FilesystemStore;
}
