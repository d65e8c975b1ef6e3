/**
 * How the single executable is compiled (scripts/build.ts), shared with the benchmark that compiles
 * its memory reference the same way (scripts/bench/runtime-floor.ts).
 * Bytecode: the binary skips parsing its own code at launch (about 25 ms sooner to first answer).
 */
export const compileFlags = ["--compile", "--minify", "--sourcemap=none", "--bytecode", "--format=esm"] as const;
