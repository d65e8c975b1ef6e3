/**
 * Small real files for the case room's tests: a one-page PDF written here, with a line of text of
 * the test's choosing (so each test's report is told apart by its bytes), and an executable's first
 * bytes to announce as a PDF. Runs under Bun and under Node (Playwright), so nothing of `bun:`.
 */
import { createHash } from "node:crypto";

/** A valid one-page PDF that shows `line` (its cross-reference offsets counted, as readers check them). */
export function pdfBytes(line = "Surveillance report"): Uint8Array<ArrayBuffer> {
  const text = line.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 40 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** The start of a Windows executable (an "MZ" header and its DOS stub), as someone would send it named report.pdf. */
export function executableBytes(): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("This program cannot be run in DOS mode.\r\r\n$", 0x4e, "latin1");
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return new Uint8Array(bytes);
}

/** The SHA-256 of `bytes` in hex, as `X-Chunk-Sha256` carries it and the room shows it. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
